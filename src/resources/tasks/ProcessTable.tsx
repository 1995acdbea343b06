import { Alert, Button, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import ListIcon from '@mui/icons-material/List';
import { LinkBase, useTranslate } from 'react-admin';
import type { CollectProcessRow } from '../../shared';
import { ProcessName } from './ProcessName';
import { TaskRunStatus } from './TaskRunStatus';
import { formatConsoleDate } from '../../components/ConsoleDateField';
import { PropertyCodeField } from '../../components/PropertyCodeField';

const COLUMNS = ['processId', 'dataType', 'hourly', 'weekly', 'monthly', 'scheduled', 'mastered', 'posted', 'targets', 'updatedAt', 'status'] as const;
const NUMERIC = new Set<string>(['hourly', 'weekly', 'monthly', 'mastered', 'posted', 'targets']);

const when = (iso: string | null) => formatConsoleDate(iso, true) || '—';

interface ProcessTableProps {
  processes: CollectProcessRow[];
  /** The collect config whose tasks the list below shows, if one is chosen. */
  selectedConfigId?: number;
  onShowTasks: (process: CollectProcessRow) => void;
}

/** One row per collect config (its process): recent task counts, rows in the period, latest status; drills down into its tasks. */
export function ProcessTable({ processes, selectedConfigId, onShowTasks }: ProcessTableProps) {
  const translate = useTranslate();
  if (processes.length === 0) {
    return (
      <Alert
        severity="info"
        action={
          <Button component={LinkBase} to="/data/collect-metric" size="small">
            {translate('console.screens.collectMetric')}
          </Button>
        }
      >
        {translate('resources.tasks.board.noProcesses')}
      </Alert>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label={translate('resources.tasks.board.processes')} data-testid="process-table">
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell key={column} align={NUMERIC.has(column) ? 'right' : 'left'}>
                {translate(`resources.tasks.board.columns.${column}`)}
              </TableCell>
            ))}
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {processes.map((process) => (
            <TableRow key={process.processId} hover selected={process.configId === selectedConfigId} onClick={() => onShowTasks(process)} sx={{ cursor: 'pointer' }}>
              <TableCell>
                <ProcessName metricName={process.metricName} processId={process.processId} />
              </TableCell>
              <TableCell>
                <PropertyCodeField kind="data-types" code={process.dataType} />
              </TableCell>
              <TableCell align="right">{process.hourly.toLocaleString()}</TableCell>
              <TableCell align="right">{process.weekly.toLocaleString()}</TableCell>
              <TableCell align="right">{process.monthly.toLocaleString()}</TableCell>
              <TableCell>{when(process.scheduled)}</TableCell>
              <TableCell align="right">{process.mastered.toLocaleString()}</TableCell>
              <TableCell align="right">{process.posted.toLocaleString()}</TableCell>
              <TableCell align="right">{process.targets.toLocaleString()}</TableCell>
              <TableCell>{when(process.updatedAt)}</TableCell>
              <TableCell>
                <TaskRunStatus status={process.status} retryAt={process.retryAt} />
              </TableCell>
              <TableCell padding="none">
                <Button
                  size="small"
                  startIcon={<ListIcon />}
                  aria-label={translate('resources.tasks.board.showTasks', { metric: process.metricName })}
                  onClick={(event) => {
                    event.stopPropagation();
                    onShowTasks(process);
                  }}
                >
                  {translate('resources.tasks.board.tasks')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
