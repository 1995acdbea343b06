import { Fragment } from 'react';
import { Alert, Box, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { FilePreview } from '../../shared';
import { problemsInPlace } from './problemsInPlace';

const problemCell = { borderLeft: 3, borderLeftColor: 'error.main' } as const;

function CellProblems({ messages }: { messages?: string[] }) {
  if (!messages) return null;
  return (
    <>
      {messages.map((message, index) => (
        <Typography key={index} variant="caption" color="error" component="div" sx={{ whiteSpace: 'normal', minWidth: 160 }}>
          {message}
        </Typography>
      ))}
    </>
  );
}

/**
 * The file's header, first rows and the later rows with problems, each problem written under the
 * cell it belongs to, then the counted rows and the list of every problem.
 */
export function PreviewPanel({ preview }: { preview: FilePreview }) {
  const translate = useTranslate();
  const { rows, byCell, headerProblems } = problemsInPlace(preview);
  return (
    <Stack spacing={2}>
      <Typography variant="subtitle2">
        {translate('resources.uploads.messages.counted', { smart_count: preview.uploadedCount, count: preview.uploadedCount.toLocaleString() })}
        {preview.rows.length > 0 && ` · ${translate('resources.uploads.messages.firstRows', { count: preview.rows.length })}`}
      </Typography>
      {preview.headers.length > 0 && (
        <TableContainer sx={{ maxHeight: 420, border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Table size="small" stickyHeader aria-label="preview">
            <TableHead>
              <TableRow>
                <TableCell sx={{ color: 'text.secondary' }}>#</TableCell>
                {preview.headers.map((header, index) => (
                  <TableCell key={index} sx={{ fontWeight: 600, whiteSpace: 'nowrap', verticalAlign: 'top', ...(headerProblems.has(index) ? problemCell : {}) }}>
                    {header}
                    <CellProblems messages={headerProblems.get(index)} />
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map(({ row, cells, gapBefore }) => {
                const problems = byCell.get(row);
                return (
                  <Fragment key={row}>
                    {gapBefore && (
                      <TableRow>
                        <TableCell colSpan={preview.headers.length + 1} sx={{ color: 'text.secondary', textAlign: 'center', py: 0.25 }}>
                          ⋯
                        </TableCell>
                      </TableRow>
                    )}
                    <TableRow data-testid={problems ? 'preview-problem-row' : undefined}>
                      <TableCell sx={{ color: problems ? 'error.main' : 'text.secondary', fontWeight: problems ? 600 : undefined, verticalAlign: 'top' }}>{row}</TableCell>
                      {preview.headers.map((_, index) => (
                        <TableCell
                          key={index}
                          sx={{ whiteSpace: 'pre-wrap', maxWidth: 240, overflow: 'hidden', textOverflow: 'ellipsis', verticalAlign: 'top', ...(problems?.has(index) ? problemCell : {}) }}
                        >
                          {cells[index] ?? ''}
                          <CellProblems messages={problems?.get(index)} />
                        </TableCell>
                      ))}
                    </TableRow>
                  </Fragment>
                );
              })}
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
