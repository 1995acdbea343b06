import { Alert, Box, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { FilePreview } from '../../shared';

/** The file's header and first rows, the counted rows, and every problem found (SPEC §3 "File preview"). */
export function PreviewPanel({ preview }: { preview: FilePreview }) {
  const translate = useTranslate();
  return (
    <Stack spacing={2}>
      <Typography variant="subtitle2">
        {translate('resources.uploads.messages.counted', { smart_count: preview.uploadedCount, count: preview.uploadedCount.toLocaleString() })}
        {preview.rows.length > 0 && ` · ${translate('resources.uploads.messages.firstRows', { count: preview.rows.length })}`}
      </Typography>
      {preview.headers.length > 0 && (
        <TableContainer sx={{ maxHeight: 320, border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Table size="small" stickyHeader aria-label="preview">
            <TableHead>
              <TableRow>
                <TableCell sx={{ color: 'text.secondary' }}>#</TableCell>
                {preview.headers.map((header, index) => <TableCell key={index} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{header}</TableCell>)}
              </TableRow>
            </TableHead>
            <TableBody>
              {preview.rows.map((row, rowIndex) => (
                <TableRow key={rowIndex}>
                  <TableCell sx={{ color: 'text.secondary' }}>{rowIndex + 2}</TableCell>
                  {preview.headers.map((_, index) => (
                    <TableCell key={index} sx={{ whiteSpace: 'pre-wrap', maxWidth: 240, overflow: 'hidden', textOverflow: 'ellipsis' }}>{row[index] ?? ''}</TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {preview.problemCount > 0 && (
        <Box>
          <Alert severity="error" sx={{ mb: 1 }}>
            {translate('resources.uploads.messages.problems', { smart_count: preview.problemCount, count: preview.problemCount.toLocaleString() })}
            {preview.problemCount > preview.problems.length && ` ${translate('resources.uploads.messages.moreProblems', { shown: preview.problems.length, count: preview.problemCount })}`}
          </Alert>
          <TableContainer sx={{ maxHeight: 280, border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <Table size="small" stickyHeader aria-label="problems">
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: 80 }}>{translate('resources.uploads.fields.row')}</TableCell>
                  <TableCell sx={{ width: 200 }}>{translate('resources.uploads.fields.column')}</TableCell>
                  <TableCell>{translate('resources.uploads.fields.problem')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {preview.problems.map((problem, index) => (
                  <TableRow key={index} data-testid="upload-problem">
                    <TableCell>{problem.row}</TableCell>
                    <TableCell>{problem.column}</TableCell>
                    <TableCell>{problem.message}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Box>
      )}
    </Stack>
  );
}
