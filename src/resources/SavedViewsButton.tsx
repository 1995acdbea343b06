import { useId, useState, type FormEvent, type MouseEvent } from 'react';
import { Dialog, DialogActions, DialogContent, Divider, ListItemText, Menu, MenuItem, TextField } from '@mui/material';
import BookmarksIcon from '@mui/icons-material/BookmarksOutlined';
import { Button, Confirm, useListContext, useNotify, useResourceContext, useSavedQueries, useStore, useStoreContext, useTranslate, type SavedQuery } from 'react-admin';
import { DialogHeading } from '../components/DialogHeading';
import { withoutUnknownFilters } from './viewFilters';

/** The columns a view keeps: the DataTable's hidden columns and their order, under react-admin's store keys. */
interface ViewColumns {
  hidden?: string[];
  ranks?: number[];
}

/** react-admin's saved query, with the chosen columns saved beside its filters, sort and page size. */
type SavedView = SavedQuery & { value: SavedQuery['value'] & { columns?: ViewColumns } };

const MAX_VIEW_NAME_LENGTH = 100;

/** A value written with its keys in order, so two filters that hold the same compare equal however they were built. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner) ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b))) : inner,
  );

/**
 * "Views" in every list's toolbar: the person's saved views of this list (its filters, sort, page
 * size and columns), picked from a menu, and the current state saved, renamed or deleted under a
 * name. Kept in react-admin's saved queries (`<resource>.savedQueries`), which the console's store
 * keeps on the server for the person, so they follow them to another browser. A view whose filter
 * names a field the list no longer allows opens without it, and a notice says which.
 */
export function SavedViewsButton() {
  const resource = useResourceContext() ?? '';
  const translate = useTranslate();
  const notify = useNotify();
  const { filterValues, sort, perPage, displayedFilters, setFilters, setSort, setPerPage, setPage } = useListContext();
  const [saved, setSaved] = useSavedQueries(resource);
  const views = saved as SavedView[];
  const store = useStoreContext();
  const columnsKey = `${resource}.datatable`;
  const [hidden] = useStore<string[]>(columnsKey);
  const [ranks] = useStore<number[]>(`${columnsKey}_columnRanks`);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [naming, setNaming] = useState<{ renaming?: SavedView } | null>(null);
  const [deleting, setDeleting] = useState(false);
  const menuId = useId();

  const query = { filter: filterValues, sort, perPage };
  const current = views.find((view) => canonical({ filter: view.value.filter, sort: view.value.sort, perPage: view.value.perPage }) === canonical(query));

  const open = async (view: SavedView) => {
    setAnchor(null);
    const { filter, dropped } = await withoutUnknownFilters(resource, (view.value.filter ?? {}) as Record<string, unknown>);
    setFilters(filter, Object.fromEntries(Object.keys(filter).map((key) => [key, true])));
    if (view.value.sort) setSort(view.value.sort);
    if (view.value.perPage) setPerPage(view.value.perPage);
    setPage(1);
    const columns = view.value.columns;
    if (columns) {
      if (columns.hidden) store.setItem(columnsKey, columns.hidden);
      else store.removeItem(columnsKey);
      if (columns.ranks) store.setItem(`${columnsKey}_columnRanks`, columns.ranks);
      else store.removeItem(`${columnsKey}_columnRanks`);
    }
    if (dropped.length) notify('console.views.droppedFilters', { type: 'warning', messageArgs: { name: view.label, fields: dropped.join(', '), smart_count: dropped.length } });
  };

  const save = (label: string) => {
    const renaming = naming?.renaming;
    const view: SavedView = renaming ? { ...renaming, label } : { label, value: { filter: filterValues, sort, perPage, displayedFilters, columns: { hidden, ranks } } };
    // One view per name: saving under a name already taken replaces that view.
    setSaved([...views.filter((other) => other.label !== label && other !== renaming), view]);
    setNaming(null);
    notify('console.views.saved', { type: 'info', messageArgs: { name: label } });
  };

  const remove = () => {
    setSaved(views.filter((view) => view !== current));
    setDeleting(false);
    notify('console.views.deleted', { type: 'info', messageArgs: { name: current?.label ?? '' } });
  };

  return (
    <>
      <Button
        label="console.views.button"
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event: MouseEvent<HTMLButtonElement>) => setAnchor(event.currentTarget)}
      >
        <BookmarksIcon />
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {views.length === 0 && (
          <MenuItem disabled>
            <ListItemText primary={translate('console.views.none')} />
          </MenuItem>
        )}
        {views.map((view) => (
          <MenuItem key={view.label} selected={view === current} onClick={() => void open(view)}>
            <ListItemText primary={view.label} />
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setNaming({});
          }}
        >
          {translate('console.views.saveCurrent')}
        </MenuItem>
        {current && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              setNaming({ renaming: current });
            }}
          >
            {translate('console.views.rename', { name: current.label })}
          </MenuItem>
        )}
        {current && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              setDeleting(true);
            }}
          >
            {translate('console.views.delete', { name: current.label })}
          </MenuItem>
        )}
      </Menu>
      {naming && <ViewNameDialog initial={naming.renaming?.label ?? ''} renaming={Boolean(naming.renaming)} onSave={save} onClose={() => setNaming(null)} />}
      <Confirm
        isOpen={deleting}
        title="console.views.deleteTitle"
        content="console.views.deleteContent"
        translateOptions={{ name: current?.label ?? '' }}
        onConfirm={remove}
        onClose={() => setDeleting(false)}
      />
    </>
  );
}

/** The name of a view being saved or renamed: required, at most 100 characters. */
function ViewNameDialog({ initial, renaming, onSave, onClose }: { initial: string; renaming: boolean; onSave: (name: string) => void; onClose: () => void }) {
  const translate = useTranslate();
  const [name, setName] = useState(initial);
  const titleId = useId();
  const trimmed = name.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed) onSave(trimmed);
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={submit}>
        <DialogHeading id={titleId} title={translate(renaming ? 'console.views.renameTitle' : 'console.views.saveTitle')} onClose={onClose} />
        <DialogContent>
          <TextField
            // eslint-disable-next-line jsx-a11y/no-autofocus -- a dialog moves focus into itself (WAI-ARIA dialog pattern)
            autoFocus
            fullWidth
            required
            margin="dense"
            label={translate('console.views.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            slotProps={{ htmlInput: { maxLength: MAX_VIEW_NAME_LENGTH } }}
          />
        </DialogContent>
        <DialogActions>
          <Button label="ra.action.cancel" onClick={onClose} />
          <Button label="ra.action.save" type="submit" variant="contained" disabled={!trimmed} />
        </DialogActions>
      </form>
    </Dialog>
  );
}
