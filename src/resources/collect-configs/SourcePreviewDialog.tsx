import { Alert, Box, Dialog, DialogActions, DialogContent, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { Button, useTranslate } from 'react-admin';
import type { SourcePreview } from '../../shared';
import { DialogHeading } from '../../layout/dialogs/DialogHeading';

/** What "Test source" answered: the mapped rows of the first page, rows that fail validation, the response metadata. */
export function SourcePreviewDialog({ preview, failure, onClose }: { preview?: SourcePreview; failure?: string; onClose: () => void }) {
  const translate = useTranslate();
  const columns = preview ? [...new Set(preview.rows.flatMap((row) => Object.keys(row)))] : [];
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="source-preview-title">
      <DialogHeading id="source-preview-title" title={translate('resources.collect-configs.preview.title')} onClose={onClose} />
      <DialogContent dividers>
        {failure && (
          <Alert severity="error" data-testid="source-preview-failure">
            {failure}
          </Alert>
        )}
        {preview && (
          <>
            <Alert severity="info" sx={{ mb: 2 }}>
              {translate('resources.collect-configs.preview.notStored', { smart_count: preview.rows.length })}
            </Alert>
            {preview.rows.length === 0 ? (
              <Typography>{translate('resources.collect-configs.preview.noRows')}</Typography>
            ) : (
              <TableContainer sx={{ maxHeight: 360 }}>
                <Table size="small" stickyHeader data-testid="source-preview-rows">
                  <TableHead>
                    <TableRow>
                      <TableCell>#</TableCell>
                      {columns.map((column) => (
                        <TableCell key={column}>{column}</TableCell>
                      ))}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {preview.rows.map((row, index) => (
                      <TableRow key={index}>
                        <TableCell>{index + 1}</TableCell>
                        {columns.map((column) => (
                          <TableCell key={column}>{row[column] === null || row[column] === undefined ? '—' : String(row[column])}</TableCell>
                        ))}
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
            {preview.errors.length > 0 && (
              <Alert severity="warning" sx={{ mt: 2 }}>
                <Typography variant="subtitle2">{translate('resources.collect-configs.preview.rowErrors')}</Typography>
                {preview.errors.map((error) => (
                  <div key={`${error.row}-${error.message}`}>{translate('resources.collect-configs.preview.rowError', { row: error.row, message: error.message })}</div>
                ))}
              </Alert>
            )}
            <Typography variant="subtitle2" sx={{ mt: 2 }}>
              {translate('resources.collect-configs.preview.responseMeta')}
            </Typography>
            <Box component="pre" sx={{ m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, fontSize: 13 }}>
              {JSON.stringify(preview.responseMeta, null, 2)}
            </Box>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button label="ra.action.close" onClick={onClose} />
      </DialogActions>
    </Dialog>
  );
}
