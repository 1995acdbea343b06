import { Alert, Box, Dialog, DialogActions, DialogContent, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { Button, useTranslate } from 'react-admin';
import type { DiscoveredField, SourcePreview } from '../../shared';
import { DialogHeading } from '../../components/DialogHeading';
import { DiscoveredFieldsTable } from './DiscoveredFieldsTable';

interface SourcePreviewDialogProps {
  preview?: SourcePreview;
  failure?: string;
  /** How many fields the tested mapping had (none: no mapped rows to show). */
  testedFields?: number;
  /** The source fields the form maps now. */
  mapped: ReadonlySet<string>;
  onAdd: (field: DiscoveredField) => void;
  onClose: () => void;
}

/**
 * What "Test source" answered: every field of the first page (to add to the mapping), the mapped
 * rows and the rows that fail validation, the response metadata.
 */
export function SourcePreviewDialog({ preview, failure, testedFields = 0, mapped, onAdd, onClose }: SourcePreviewDialogProps) {
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
              {translate('resources.collect-configs.preview.discoveredNote', { smart_count: preview.fields.length, rows: preview.rowsRead })}
              {preview.truncated && ` ${translate('resources.collect-configs.preview.truncated')}`}
            </Alert>
            <Typography variant="subtitle2" component="h3">
              {translate('resources.collect-configs.preview.discovered')}
            </Typography>
            <DiscoveredFieldsTable fields={preview.fields} mapped={mapped} onAdd={onAdd} />
            <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
              {translate('resources.collect-configs.preview.mappedRows')}
            </Typography>
            {preview.mappingProblem && (
              <Alert severity="warning" data-testid="source-preview-mapping-problem">
                {translate('resources.collect-configs.preview.mappingProblem', { message: preview.mappingProblem })}
              </Alert>
            )}
            {testedFields === 0 ? (
              <Typography>{translate('resources.collect-configs.preview.noMapping')}</Typography>
            ) : preview.rows.length === 0 ? (
              preview.mappingProblem ? null : (
                <Typography>{translate('resources.collect-configs.preview.noRows')}</Typography>
              )
            ) : (
              <>
                <Typography variant="body2" sx={{ mb: 1 }}>
                  {translate('resources.collect-configs.preview.notStored', { smart_count: preview.rows.length })}
                </Typography>
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
              </>
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
