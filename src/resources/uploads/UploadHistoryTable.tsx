import { useState } from 'react';
import {
  Box,
  Button,
  Chip,
  Link,
  List,
  ListItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import type { UploadHistory } from '../../shared';
import { formatConsoleDate } from '../../components/ConsoleDateField';
import { DiscardUploadButton } from './DiscardUploadButton';
import { codeMessageKey } from '../../shared/code-sets';

const PER_PAGE = 10;

/** What a committed upload did to the dataset, in words: "120 added · 30 replaced · 500 removed". */
export function uploadChanges(upload: UploadHistory, translate: (key: string, options?: object) => string): string {
  if (upload.addedCount === null || upload.replacedCount === null || upload.removedCount === null) return upload.uploadedCount.toLocaleString();
  const parts = (['added', 'replaced', 'removed'] as const)
    .map((change) => [change, upload[`${change}Count`] ?? 0] as const)
    .filter(([, count]) => count > 0)
    .map(([change, count]) => translate(`resources.uploads.changes.${change}`, { count: count.toLocaleString() }));
  return parts.length ? parts.join(' · ') : translate('resources.uploads.changes.none');
}

/** "Expires 2026-11-29 09:58 if not committed" under a checked upload; nothing once it is no longer waiting. */
export function UploadExpiry({ upload }: { upload: UploadHistory }) {
  const translate = useTranslate();
  if (!upload.expiresAt) return null;
  return (
    <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.5 }} data-testid="upload-expiry">
      {translate('resources.uploads.messages.expires', { time: formatConsoleDate(upload.expiresAt, true) })}
    </Typography>
  );
}

type Translate = (key: string, options?: object) => string;

/** The upload's mode, said only for a committed upload (a refused or waiting one wrote nothing). */
const modeOf = (upload: UploadHistory, translate: Translate) => (upload.mode && upload.status === 'SUCCESS' ? translate(codeMessageKey('uploadMode', upload.mode)) : '');

/** The file's name, a link that downloads it again while the server keeps it. */
function FileName({ upload }: { upload: UploadHistory }) {
  const translate = useTranslate();
  if (!upload.fileUrl) return <>{upload.fileName}</>;
  return (
    <Link href={upload.fileUrl} download={upload.fileName} title={translate('resources.uploads.actions.download', { name: upload.fileName })}>
      {upload.fileName}
    </Link>
  );
}

/** The status chip, with why a failed upload failed and when a waiting one expires. */
function UploadStatus({ upload }: { upload: UploadHistory }) {
  const translate = useTranslate();
  return (
    <>
      <Chip
        size="small"
        label={translate(codeMessageKey('uploadStatus', upload.status))}
        color={upload.status === 'SUCCESS' ? 'success' : upload.status === 'FAIL' ? 'error' : 'default'}
        variant={upload.status === 'READY' ? 'outlined' : 'filled'}
      />
      {upload.status === 'FAIL' && upload.reason && (
        <Typography variant="body2" color="error" sx={{ mt: 0.5, maxWidth: 420 }}>
          {upload.reason}
        </Typography>
      )}
      <UploadExpiry upload={upload} />
    </>
  );
}

interface UploadActionsProps {
  upload: UploadHistory;
  onResume: (upload: UploadHistory) => void;
  onDiscarded: (upload: UploadHistory) => void;
}

/** Resume and Discard, for a checked upload still waiting for its commit. */
function WaitingActions({ upload, onResume, onDiscarded }: UploadActionsProps) {
  const translate = useTranslate();
  if (upload.status !== 'READY') return null;
  return (
    <Stack direction="row" spacing={1}>
      <Button size="small" onClick={() => onResume(upload)} aria-label={translate('resources.uploads.actions.resumeNamed', { name: upload.fileName })}>
        {translate('resources.uploads.actions.resume')}
      </Button>
      <DiscardUploadButton upload={upload} onDiscarded={onDiscarded} />
    </Stack>
  );
}

/**
 * One upload on a phone, in the lines of a list's card (ConsoleCardList): the file, then its status
 * and what it did, then who and when, then its actions; a table of seven columns would scroll sideways.
 */
function UploadCard({ upload, onResume, onDiscarded }: UploadActionsProps) {
  const translate = useTranslate();
  const did = [modeOf(upload, translate), upload.status === 'SUCCESS' ? uploadChanges(upload, translate) : ''].filter(Boolean).join(' · ');
  return (
    <ListItem divider className="console-card" data-testid="upload-history-row" sx={{ display: 'block', px: 0, overflowWrap: 'anywhere' }}>
      <Typography component="div" variant="body1" className="console-card-primary" sx={{ fontWeight: 500 }}>
        <FileName upload={upload} />
      </Typography>
      <Typography component="div" variant="body2" color="text.secondary" className="console-card-secondary" sx={{ mt: 0.5 }}>
        <UploadStatus upload={upload} /> {did}
      </Typography>
      <Typography component="div" variant="body2" color="text.secondary" className="console-card-tertiary">
        {upload.updatedBy} · {formatConsoleDate(upload.updatedAt, true)}
      </Typography>
      <WaitingActions upload={upload} onResume={onResume} onDiscarded={onDiscarded} />
    </ListItem>
  );
}

interface UploadHistoryTableProps {
  datasetId: number;
  version: number;
  /** Takes a checked upload back to its preview and commit. */
  onResume: (upload: UploadHistory) => void;
  onDiscarded: (upload: UploadHistory) => void;
}

/** The upload history of one data set, newest first, paged by the server; a checked upload left waiting is resumed or discarded here. */
export function UploadHistoryTable({ datasetId, version, onResume, onDiscarded }: UploadHistoryTableProps) {
  const translate = useTranslate();
  const isPhone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [page, setPage] = useState(1);
  const {
    data = [],
    total = 0,
    isPending,
  } = useGetList<UploadHistory>('uploads', {
    filter: { datasetId },
    pagination: { page, perPage: PER_PAGE },
    sort: { field: 'updatedAt', order: 'DESC' },
    meta: { version },
  });
  if (!isPending && total === 0) return <Typography color="text.secondary">{translate('resources.uploads.messages.noHistory')}</Typography>;
  const name = translate('resources.uploads.messages.history');
  return (
    <Box>
      {isPhone ? (
        <List disablePadding aria-label={name}>
          {data.map((upload) => (
            <UploadCard key={upload.id} upload={upload} onResume={onResume} onDiscarded={onDiscarded} />
          ))}
        </List>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={name}>
            <TableHead>
              <TableRow>
                {(['fileName', 'status', 'mode', 'changes', 'updatedBy', 'updatedAt', 'actions'] as const).map((field) => (
                  <TableCell key={field}>{translate(`resources.uploads.fields.${field}`)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((upload) => (
                <TableRow key={upload.id} data-testid="upload-history-row">
                  <TableCell>
                    <FileName upload={upload} />
                  </TableCell>
                  <TableCell>
                    <UploadStatus upload={upload} />
                  </TableCell>
                  <TableCell>{modeOf(upload, translate)}</TableCell>
                  <TableCell>{upload.status === 'SUCCESS' ? uploadChanges(upload, translate) : ''}</TableCell>
                  <TableCell>{upload.updatedBy}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatConsoleDate(upload.updatedAt, true)}</TableCell>
                  <TableCell>
                    <WaitingActions upload={upload} onResume={onResume} onDiscarded={onDiscarded} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {total > PER_PAGE && <TablePagination component="div" count={total} page={page - 1} rowsPerPage={PER_PAGE} rowsPerPageOptions={[PER_PAGE]} onPageChange={(_, next) => setPage(next + 1)} />}
    </Box>
  );
}
