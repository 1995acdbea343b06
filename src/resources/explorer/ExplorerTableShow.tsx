import { Card, CardContent, Typography } from '@mui/material';
import { ShowBase, useRecordContext, useTranslate } from 'react-admin';
import type { ExplorerTableDetail } from '../../shared';
import { codeMessageKey } from '../../shared/code-sets';
import { ExplorerRows } from './ExplorerRows';
import { ScreenLoading } from '../../components/ScreenLoading';

function TableHeading({ table }: { table: ExplorerTableDetail }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {table.tableName}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate(`resources.explorer.schemas.${table.schema}`)} ·{' '}
          {translate('resources.explorer.summary', {
            // A data type reads as its words ("Media"), as in every other list and form.
            dataType: translate(codeMessageKey('projectDataType', table.dataType), { _: table.dataType }),
            columns: table.columns.length,
            smart_count: table.rowCount,
            rows: table.rowCount.toLocaleString(),
          })}
        </Typography>
      </CardContent>
    </Card>
  );
}

function TableContent() {
  const table = useRecordContext<ExplorerTableDetail>();
  // Until the table itself arrives, the record may be the list's row, which has no columns.
  if (!table?.columns) return <ScreenLoading />;
  return (
    <>
      <TableHeading table={table} />
      {/* Keyed by table: another table starts on its own first page, sort and filters. */}
      <ExplorerRows key={table.id} table={table} />
    </>
  );
}

/** One table: its name, columns and rows. */
export function ExplorerTableShow() {
  return (
    <ShowBase resource="explorer">
      <TableContent />
    </ShowBase>
  );
}
