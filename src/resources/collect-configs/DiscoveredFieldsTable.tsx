import AddIcon from '@mui/icons-material/Add';
import CheckIcon from '@mui/icons-material/Check';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { Button, useTranslate } from 'react-admin';
import type { DiscoveredField } from '../../shared';

/**
 * Every field "Test source" found in the first page, with sample values and the inferred type;
 * each one not yet in the mapping has an "Add to mapping" button.
 */
export function DiscoveredFieldsTable({ fields, mapped, onAdd }: { fields: DiscoveredField[]; mapped: ReadonlySet<string>; onAdd: (field: DiscoveredField) => void }) {
  const translate = useTranslate();
  if (!fields.length) return <Typography>{translate('resources.collect-configs.preview.noFields')}</Typography>;
  return (
    <TableContainer sx={{ maxHeight: 360 }}>
      <Table size="small" stickyHeader data-testid="discovered-fields">
        <TableHead>
          <TableRow>
            <TableCell>{translate('resources.collect-configs.preview.path')}</TableCell>
            <TableCell>{translate('resources.collect-configs.preview.type')}</TableCell>
            <TableCell>{translate('resources.collect-configs.preview.samples')}</TableCell>
            <TableCell align="right">{translate('resources.collect-configs.preview.present')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {fields.map((field) => (
            <TableRow key={field.path}>
              <TableCell component="th" scope="row" sx={{ fontFamily: 'monospace' }}>
                {field.path}
              </TableCell>
              <TableCell>{translate(`resources.collect-configs.preview.types.${field.type}`)}</TableCell>
              <TableCell sx={{ maxWidth: 320, overflowWrap: 'anywhere' }}>{field.samples.length ? field.samples.join(', ') : '—'}</TableCell>
              <TableCell align="right">{field.present}</TableCell>
              <TableCell align="right">
                {mapped.has(field.mapPath) ? (
                  <Button label="resources.collect-configs.preview.inMapping" disabled>
                    <CheckIcon />
                  </Button>
                ) : (
                  <Button label="resources.collect-configs.preview.addToMapping" aria-label={translate('resources.collect-configs.preview.addPath', { path: field.path })} onClick={() => onAdd(field)}>
                    <AddIcon />
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
