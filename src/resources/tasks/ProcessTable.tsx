import { Alert, Box, Button, List, ListItem, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography, useMediaQuery, type Theme } from '@mui/material';
import ListIcon from '@mui/icons-material/List';
import { LinkBase, useTranslate } from 'react-admin';
import type { CollectProcessRow } from '../../shared';
import { ProcessName } from './ProcessName';
import { TaskRunStatus } from './TaskRunStatus';
import { formatConsoleDate } from '../../components/ConsoleDateField';
import { PropertyCodeField } from '../../components/PropertyCodeField';
import { fitsItsCard } from './TaskTable';

const COLUMNS = ['processId', 'dataType', 'hourly', 'weekly', 'monthly', 'scheduled', 'mastered', 'posted', 'targets', 'updatedAt', 'status'] as const;
const NUMERIC = new Set<string>(['hourly', 'weekly', 'monthly', 'mastered', 'posted', 'targets']);

const when = (iso: string | null) => formatConsoleDate(iso, true) || '—';

type Translate = (key: string, options?: object) => string;
const label = (column: (typeof COLUMNS)[number], translate: Translate) => translate(`resources.tasks.board.columns.${column}`);
/** "Last hour 3 · 7 days 12 · 30 days 40": each number after its column's name, for a card. */
const counted = (process: CollectProcessRow, columns: readonly ('hourly' | 'weekly' | 'monthly' | 'mastered' | 'posted' | 'targets')[], translate: Translate) =>
  columns.map((column) => `${label(column, translate)} ${process[column].toLocaleString()}`).join(' · ');

/** "Show tasks of <metric>": the process's drill-down into its tasks. */
function ShowTasksButton({ process, onShowTasks }: { process: CollectProcessRow; onShowTasks: (process: CollectProcessRow) => void }) {
  const translate = useTranslate();
  return (
    <Button
      size="small"
      startIcon={<ListIcon />}
      aria-label={translate('resources.tasks.board.showTasks', { metric: process.metricName ?? process.processId })}
      onClick={(event) => {
        event.stopPropagation();
        onShowTasks(process);
      }}
    >
      {translate('resources.tasks.board.tasks')}
    </Button>
  );
}

/**
 * One process on a phone, in the lines of a list's card (ConsoleCardList): its metric and data type,
 * its latest status, its counts, its next run and last update, then its tasks; twelve columns would
 * scroll sideways.
 */
function ProcessCard({ process, selected, onShowTasks }: { process: CollectProcessRow; selected: boolean; onShowTasks: (process: CollectProcessRow) => void }) {
  const translate = useTranslate();
  return (
    <ListItem
      divider
      className="console-card"
      data-testid="process-row"
      aria-current={selected || undefined}
      sx={{ display: 'block', px: 1, overflowWrap: 'anywhere', bgcolor: selected ? 'action.selected' : undefined }}
    >
      <Typography component="div" variant="body1" className="console-card-primary" sx={{ fontWeight: 500 }}>
        <ProcessName metricName={process.metricName} processId={process.processId} />
      </Typography>
      <Typography component="div" variant="body2" color="text.secondary" className="console-card-secondary" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 0.5 }}>
        <TaskRunStatus status={process.status} retryAt={process.retryAt} />
        <PropertyCodeField kind="data-types" code={process.dataType} />
      </Typography>
      <Typography component="div" variant="body2" color="text.secondary" className="console-card-tertiary">
        {counted(process, ['hourly', 'weekly', 'monthly'], translate)}
      </Typography>
      <Typography component="div" variant="body2" color="text.secondary">
        {counted(process, ['mastered', 'posted', 'targets'], translate)}
      </Typography>
      <Typography component="div" variant="body2" color="text.secondary">
        {label('scheduled', translate)} {when(process.scheduled)} · {label('updatedAt', translate)} {when(process.updatedAt)}
      </Typography>
      <Box sx={{ mt: 0.5 }}>
        <ShowTasksButton process={process} onShowTasks={onShowTasks} />
      </Box>
    </ListItem>
  );
}

interface ProcessTableProps {
  processes: CollectProcessRow[];
  /** The collect config whose tasks the list below shows, if one is chosen. */
  selectedConfigId?: number;
  onShowTasks: (process: CollectProcessRow) => void;
}

/**
 * One row per collect config (its process): recent task counts, rows in the period, latest status;
 * drills down into its tasks. At 1,440 px beside the menu it fits as the task table does: the
 * button and the dates on one line each, the metric's name wrapping within a width that keeps it
 * to a line or two. On a phone each process is a card.
 */
export function ProcessTable({ processes, selectedConfigId, onShowTasks }: ProcessTableProps) {
  const translate = useTranslate();
  const isPhone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
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
  if (isPhone) {
    return (
      <List disablePadding aria-label={translate('resources.tasks.board.processes')} data-testid="process-cards">
        {processes.map((process) => (
          <ProcessCard key={process.processId} process={process} selected={process.configId === selectedConfigId} onShowTasks={onShowTasks} />
        ))}
      </List>
    );
  }
  return (
    <TableContainer sx={fitsItsCard}>
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
              <TableCell sx={{ minWidth: '11em' }}>
                <ProcessName metricName={process.metricName} processId={process.processId} />
              </TableCell>
              <TableCell>
                <PropertyCodeField kind="data-types" code={process.dataType} />
              </TableCell>
              <TableCell align="right">{process.hourly.toLocaleString()}</TableCell>
              <TableCell align="right">{process.weekly.toLocaleString()}</TableCell>
              <TableCell align="right">{process.monthly.toLocaleString()}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(process.scheduled)}</TableCell>
              <TableCell align="right">{process.mastered.toLocaleString()}</TableCell>
              <TableCell align="right">{process.posted.toLocaleString()}</TableCell>
              <TableCell align="right">{process.targets.toLocaleString()}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(process.updatedAt)}</TableCell>
              <TableCell>
                <TaskRunStatus status={process.status} retryAt={process.retryAt} />
              </TableCell>
              <TableCell padding="none">
                <ShowTasksButton process={process} onShowTasks={onShowTasks} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
