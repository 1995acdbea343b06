import { forwardRef, memo, useMemo, type MouseEvent } from 'react';
import { Checkbox, TableCell, type TableRowProps } from '@mui/material';
import { useShownColumns } from './listExport';
import {
  DataTable,
  DataTableBody,
  DataTableCallbacksContext,
  DataTableRow,
  useDataTableCallbacksContext,
  useDataTableConfigContext,
  useDataTableSelectedIdsContext,
  useGetRecordRepresentation,
  useRecordContext,
  useResourceContext,
  useTranslate,
  type DataTableProps,
  type RaRecord,
} from 'react-admin';
import { ConsoleCardList, usePhoneCards } from './ConsoleCardList';

type Callbacks = ReturnType<typeof useDataTableCallbacksContext>;

/** A row's checkbox, named after its record ("Select row acme.com") on the input itself, where assistive technology looks. */
function RowCheckbox({ callbacks }: { callbacks: Callbacks }) {
  const record = useRecordContext();
  const selectedIds = useDataTableSelectedIdsContext();
  const represent = useGetRecordRepresentation(useResourceContext());
  const translate = useTranslate();
  if (!record) return null;
  const selectable = !callbacks.isRowSelectable || callbacks.isRowSelectable(record);
  const name = represent(record);
  const toggle = (event: MouseEvent) => {
    // The click is the checkbox's, not the row's: it must not open the record.
    event.stopPropagation();
    if (selectable) callbacks.handleToggleItem?.(record.id, event);
  };
  return (
    <Checkbox
      className="select-item RaDataTable-checkbox"
      checked={selectable && !!selectedIds?.includes(record.id)}
      disabled={!selectable}
      onClick={toggle}
      slotProps={{ input: { 'aria-label': translate('console.list.selectRow', { name: typeof name === 'string' ? name : `#${record.id}` }) } }}
    />
  );
}

/**
 * react-admin's row with the console's checkbox: react-admin 5.15 puts the checkbox's name on its
 * wrapper, which leaves the input itself unnamed (axe: critical). Its own checkbox is switched off by
 * hiding the toggle callback from the row; the rest of the row (row click, styles) is react-admin's.
 */
const LabelledRow = memo(
  forwardRef<HTMLTableRowElement, TableRowProps>(function LabelledRow({ children, ...props }, ref) {
    const callbacks = useDataTableCallbacksContext();
    const { hasBulkActions } = useDataTableConfigContext();
    const withoutOwnCheckbox = useMemo(() => ({ ...callbacks, handleToggleItem: undefined }), [callbacks]);
    return (
      <DataTableCallbacksContext.Provider value={withoutOwnCheckbox}>
        <DataTableRow ref={ref} {...props}>
          {hasBulkActions && callbacks.handleToggleItem && (
            <TableCell padding="checkbox">
              <RowCheckbox callbacks={callbacks} />
            </TableCell>
          )}
          {children}
        </DataTableRow>
      </DataTableCallbacksContext.Provider>
    );
  }),
);

function LabelledBody(props: object) {
  return <DataTableBody {...props} row={LabelledRow} />;
}

/**
 * Wide tables scroll sideways inside their card rather than widening the page. The containment
 * matters: the console's layout sizes itself to fit its content, and a scroll box still reports its
 * content's width to it.
 */
const scrollsInsideItsCard = { '& .RaDataTable-tableWrapper': { overflowX: 'auto', contain: 'inline-size' } };

/**
 * react-admin's DataTable as every console list uses it: row checkboxes named after their record,
 * and a table wider than the screen scrolls inside its card; on a phone, a list screen shows one
 * card per record instead (ConsoleCardList). Open records from the keyboard by
 * giving a column `field={RecordLink}`.
 */
export function ConsoleDataTable<RecordType extends RaRecord = RaRecord>({ sx, ...props }: DataTableProps<RecordType>) {
  // On a phone a list screen's table is its cards, with the lines its resource declares.
  const cards = usePhoneCards();
  // The list's export writes the columns shown here, in this order (listExport.tsx); on a phone, the columns the table would show.
  useShownColumns(useResourceContext(props), props.children, props.storeKey, props.hiddenColumns);
  if (cards) return <ConsoleCardList lines={cards} rowClick={props.rowClick as DataTableProps['rowClick']} bulkActionButtons={props.bulkActionButtons} empty={props.empty} />;
  const ownSx = sx === undefined ? [] : Array.isArray(sx) ? sx : [sx];
  return <DataTable<RecordType> body={LabelledBody} sx={[scrollsInsideItsCard, ...ownSx]} {...props} />;
}
