import { useState } from 'react';
import { Box, Button, Chip, Link, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow, Typography } from '@mui/material';
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
  return (
    <Box>
      <TableContainer>
        <Table size="small" aria-label={translate('resources.uploads.messages.history')}>
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
                  {upload.fileUrl ? (
                    <Link href={upload.fileUrl} download={upload.fileName} title={translate('resources.uploads.actions.download', { name: upload.fileName })}>
                      {upload.fileName}
                    </Link>
                  ) : (
                    upload.fileName
                  )}
                </TableCell>
                <TableCell>
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
                </TableCell>
                <TableCell>{upload.mode && upload.status === 'SUCCESS' ? translate(codeMessageKey('uploadMode', upload.mode)) : ''}</TableCell>
                <TableCell>{upload.status === 'SUCCESS' ? uploadChanges(upload, translate) : ''}</TableCell>
                <TableCell>{upload.updatedBy}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatConsoleDate(upload.updatedAt, true)}</TableCell>
                <TableCell>
                  {upload.status === 'READY' && (
                    <Stack direction="row" spacing={1}>
                      <Button size="small" onClick={() => onResume(upload)} aria-label={translate('resources.uploads.actions.resumeNamed', { name: upload.fileName })}>
                        {translate('resources.uploads.actions.resume')}
                      </Button>
                      <DiscardUploadButton upload={upload} onDiscarded={onDiscarded} />
                    </Stack>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {total > PER_PAGE && <TablePagination component="div" count={total} page={page - 1} rowsPerPage={PER_PAGE} rowsPerPageOptions={[PER_PAGE]} onPageChange={(_, next) => setPage(next + 1)} />}
    </Box>
  );
}
