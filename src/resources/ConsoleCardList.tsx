import { createContext, useContext, type ReactNode } from 'react';
import { Box, Card, Checkbox, List, ListItem, ListItemButton, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  BulkActionsToolbar,
  LinkBase,
  RecordContextProvider,
  TextField,
  useCreatePath,
  useGetRecordRepresentation,
  useGetResourceLabel,
  useListContext,
  useNavigate,
  useResourceContext,
  useTranslate,
  type DataTableProps,
  type RaRecord,
} from 'react-admin';
import type { CardLine, CardLines } from './ConsoleResource';

/** The card lines of the resource whose list screen this is; ResourceListScreen provides them. */
export const ListCardsContext = createContext<{ resource: string; lines: CardLines } | undefined>(undefined);

/**
 * The card lines for this list when it is drawn on a phone: on a list screen, for the screen's own
 * resource, below the `sm` breakpoint. Elsewhere (a table inside a show page) the table stays.
 */
export function usePhoneCards(): CardLines | undefined {
  const cards = useContext(ListCardsContext);
  const resource = useResourceContext();
  const isPhone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return isPhone && cards && cards.resource === resource ? cards.lines : undefined;
}

/** Whether this list screen shows cards rather than a table (a phone): its Columns button has nothing to choose then. */
export function useShowsCards(): boolean {
  const cards = useContext(ListCardsContext);
  const isPhone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return isPhone && cards !== undefined;
}

function Line({ line }: { line: CardLine }) {
  if (typeof line === 'string') return <TextField source={line} emptyText="—" />;
  const Component = line;
  return <Component />;
}

function CardText({ lines }: { lines: CardLines }) {
  return (
    <Box sx={{ minWidth: 0, overflowWrap: 'anywhere', '& .console-card-part:not(:empty) ~ .console-card-part:not(:empty)::before': { content: '" · "' } }}>
      <Typography component="div" variant="body1" className="console-card-primary" sx={{ fontWeight: 500 }}>
        <Line line={lines.primary} />
      </Typography>
      {lines.secondary && (
        <Typography component="div" variant="body2" color="text.secondary" className="console-card-secondary">
          <Line line={lines.secondary} />
        </Typography>
      )}
      {lines.tertiary && (
        <Typography component="div" variant="body2" color="text.secondary" className="console-card-tertiary">
          <Line line={lines.tertiary} />
        </Typography>
      )}
    </Box>
  );
}

type RowClick = DataTableProps['rowClick'];

/** The card itself: a link where a row's click opens the record, plain text where it opens nothing. */
function RecordCard({ record, lines, rowClick }: { record: RaRecord; lines: CardLines; rowClick: RowClick }) {
  const resource = useResourceContext() ?? '';
  const createPath = useCreatePath();
  const navigate = useNavigate();
  const text = <CardText lines={lines} />;
  const target = lines.link ? lines.link(record) : rowClick === 'show' || rowClick === 'edit' ? { to: createPath({ resource, id: record.id, type: rowClick }) } : undefined;
  if (target) {
    return (
      <ListItemButton component={LinkBase} to={target.to} state={target.state} className="console-card-link" sx={{ alignItems: 'flex-start' }}>
        {text}
      </ListItemButton>
    );
  }
  if (typeof rowClick === 'function') {
    const open = async () => {
      const path = await rowClick(record.id, resource, record);
      if (typeof path === 'string') navigate(path);
    };
    return (
      <ListItemButton className="console-card-link" onClick={() => void open()} sx={{ alignItems: 'flex-start' }}>
        {text}
      </ListItemButton>
    );
  }
  return <Box sx={{ px: 2, py: 1, flex: 1, minWidth: 0 }}>{text}</Box>;
}

/** A card's checkbox for the list's bulk actions, named after its record as a row's is. */
function CardCheckbox({ record }: { record: RaRecord }) {
  const { selectedIds, onToggleItem } = useListContext();
  const represent = useGetRecordRepresentation(useResourceContext());
  const translate = useTranslate();
  const name = represent(record);
  return (
    <Checkbox
      className="select-item"
      checked={selectedIds.includes(record.id)}
      onChange={() => onToggleItem(record.id)}
      sx={{ alignSelf: 'center' }}
      slotProps={{ input: { 'aria-label': translate('console.list.selectRow', { name: typeof name === 'string' ? name : `#${record.id}` }) } }}
    />
  );
}

interface ConsoleCardListProps {
  lines: CardLines;
  rowClick: RowClick;
  bulkActionButtons?: ReactNode;
  empty?: ReactNode;
}

/**
 * A list on a phone (react-admin's SimpleList pattern, for every list): one card per record with
 * the lines its resource declares (ConsoleResource `cards`), never the table squeezed sideways.
 * Each card opens its record as the table's row click does, as a link reached by Tab; where the
 * table offers bulk actions, each card has its checkbox beside the link, and the bulk toolbar shows.
 */
export function ConsoleCardList({ lines, rowClick, bulkActionButtons, empty }: ConsoleCardListProps) {
  const { data, isPending, error } = useListContext();
  const translate = useTranslate();
  const resourceLabel = useGetResourceLabel();
  const resource = useResourceContext() ?? '';
  if (isPending || error) return null;
  if (!data?.length) return <>{empty ?? <Typography sx={{ p: 2 }}>{translate('ra.navigation.no_results', { name: resourceLabel(resource, 2) })}</Typography>}</>;
  const selectable = bulkActionButtons !== false && bulkActionButtons != null;
  return (
    <Card variant="outlined" className="console-card-list" sx={{ boxShadow: 'none' }}>
      {selectable && <BulkActionsToolbar>{bulkActionButtons}</BulkActionsToolbar>}
      <List disablePadding>
        {data.map((record) => (
          <RecordContextProvider key={record.id} value={record}>
            <ListItem divider disablePadding className="console-card" sx={{ alignItems: 'stretch' }}>
              {selectable && <CardCheckbox record={record} />}
              <RecordCard record={record} lines={lines} rowClick={rowClick} />
            </ListItem>
          </RecordContextProvider>
        ))}
      </List>
    </Card>
  );
}
