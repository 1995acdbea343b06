import { cloneElement, Suspense, useEffect, useState, type ReactElement } from 'react';
import { Box, type Theme } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useQueryClient } from '@tanstack/react-query';
import { ColumnsButton, List, TopToolbar, useLocation, useNotify, usePermissions, useResourceContext, useResourceDefinition, useStoreContext, type ListProps, type RaRecord } from 'react-admin';
import { useSubscribe } from '../providers/useSubscribe';
import { FilterSubmit } from '../components/FilterSubmit';
import { useApiErrorToast } from '../components/useApiErrorToast';
import type { ConsolePermissions } from '../providers/authProvider';
import { operationsOf } from '../shared/resources/define';
import { rankAllows } from '../shared/ranks';
import { lazyNamed } from '../routes/lazyNamed';
import type { ResourceDeclaration } from '../shared/resources/define';
import { preferenceSync } from '../layout/consoleStore';
import { useShowsCards } from './ConsoleCardList';
import { ConsolePagination } from './ConsolePagination';
import { DefaultListActions } from './listExport';
import { SavedViewsButton } from './SavedViewsButton';
import { ScreenLoading } from '../components/ScreenLoading';
import { checkedListState, checkedListStateNow, type StoredListState } from './viewFilters';

/** FilterSubmit's source, and the filter form's field that holds it (react-admin marks each field with its source). */
const SUBMIT_SOURCE = 'console-filter-submit';
const FILTER_SUBMIT = `[data-source="${SUBMIT_SOURCE}"]`;

/**
 * A list never widens the page. The layout sizes itself to fit its content, so the list's column
 * is contained (its content's width no longer counts) and what is wider scrolls inside it: the
 * tables in their card (ConsoleDataTable), while the toolbar's filters and buttons wrap.
 */
const fitsTheScreen = (theme: Theme) => ({
  '& .RaList-main': { minWidth: 0, contain: 'inline-size' },
  '& .RaList-actions .MuiToolbar-root': { flexWrap: 'wrap' },
  // A phone stacks the toolbar in a column already; wider screens let the buttons go under the filters.
  [theme.breakpoints.up('sm')]: { '& .RaList-actions': { flexWrap: 'wrap' } },
  // A phone's filters wait behind their button, so its filter form often holds only the hidden
  // submit: out of the flow until the keyboard reaches it, the form takes no band of its own.
  [theme.breakpoints.down('sm')]: {
    [`& .RaList-actions ${FILTER_SUBMIT}:not(:focus-within)`]: visuallyHidden,
    [`& .RaList-actions form:not(:has(.filter-field:not(${FILTER_SUBMIT})))`]: { padding: 0 },
  },
});

/** Loaded where a list offers it: its table reading and schemas stay out of the lists that do not. */
const ConsoleImportButton = lazyNamed(() => import('./ConsoleImportButton'), 'ConsoleImportButton');

/**
 * "Import" on the list of a resource whose declaration is `importable` (the server then serves its
 * import beside its create), to a rank that may create its records, where it has a create screen.
 */
function ImportWhereDeclared({ declaration }: { declaration: ResourceDeclaration | undefined }) {
  const { hasCreate } = useResourceDefinition();
  const { permissions } = usePermissions<ConsolePermissions>();
  const mayCreate = declaration && permissions !== undefined && rankAllows(declaration.rank.write, permissions.rank);
  if (!declaration?.importable || !operationsOf(declaration).includes('create') || !hasCreate || !mayCreate) return null;
  return (
    <Suspense fallback={null}>
      <ConsoleImportButton />
    </Suspense>
  );
}

/**
 * A list's own buttons, then Import where its declaration says so, and the two every list offers:
 * its saved views and its columns. Both keep what the person chose under react-admin's store keys,
 * which follow the person (the console's store).
 */
function WithViewControls({ own, declaration }: { own: ReactElement | false; declaration: ResourceDeclaration | undefined }) {
  // A view or a column choice the server refused to keep (too many, no server) is said, not lost in silence.
  const showError = useApiErrorToast();
  useEffect(() => preferenceSync.onRefused(showError), [showError]);
  const showsCards = useShowsCards();
  return (
    <Box
      className="console-list-controls"
      sx={(theme) => ({
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'flex-end',
        justifyContent: 'flex-end',
        // On a phone each toolbar would be a full-width row of its own: their buttons wrap together instead.
        [theme.breakpoints.down('sm')]: { width: '100%', gap: 1, py: 0.5, '& > .MuiToolbar-root': { display: 'contents' } },
      })}
    >
      {own}
      <TopToolbar>
        <ImportWhereDeclared declaration={declaration} />
        <SavedViewsButton />
        {/* A phone's cards have no columns to choose. */}
        {!showsCards && <ColumnsButton />}
      </TopToolbar>
    </Box>
  );
}

/** A record of the list changed by someone else (GET /api/events): the list reads its page again, without a word. */
function QuietRefresh() {
  const resource = useResourceContext();
  const queryClient = useQueryClient();
  useSubscribe(resource && `resource/${resource}`, () => void queryClient.invalidateQueries({ queryKey: [resource, 'getList'] }));
  return null;
}

/**
 * A list opened without a query opens as the person last left it: react-admin reads its stored list
 * parameters, which the console's store keeps on the server for the person, so they follow them to
 * another browser. Before the list asks for a page, it waits for the person's settings to arrive and
 * drops from that state what the list no longer allows (a filter, a filter's value, a sort field
 * removed since), saying which filters in words, rather than asking the server for what it refuses.
 * Answers whether the list may draw.
 */
function useLastState(resource: string, storeKey: string | false): boolean {
  const store = useStoreContext();
  const notify = useNotify();
  const { search } = useLocation();
  const opensLastState = storeKey !== false && search.length <= 1;
  const [ready, setReady] = useState(() => {
    if (!opensLastState) return true;
    if (preferenceSync.isLoading()) return false;
    const stored = store.getItem<StoredListState>(storeKey);
    return !stored || checkedListStateNow(resource, stored)?.changed === false;
  });
  useEffect(() => {
    if (ready || storeKey === false) return;
    let current = true;
    void (async () => {
      await preferenceSync.loaded();
      const stored = store.getItem<StoredListState>(storeKey);
      const checked = stored && (await checkedListState(resource, stored));
      if (!current) return;
      if (checked?.changed) store.setItem(storeKey, checked.state);
      if (checked?.dropped.length) notify('console.views.droppedLastState', { type: 'warning', messageArgs: { fields: checked.dropped.join(', '), smart_count: checked.dropped.length } });
      setReady(true);
    })();
    return () => {
      current = false;
    };
    // Once, as the list opens: later changes are the person's own, within what the list offers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return ready;
}

/**
 * react-admin's List as every console list is: the server writes its exports (ListExportButton),
 * so a list that must not export passes exporter={false}. Its pagination says "about" of a total
 * the server estimated.
 * Every list's toolbar ends with Views and Columns, after the list's own actions (react-admin's
 * default ones where it names none), and Import where the list hands in its resource's declaration
 * and that declares it. A list imports its declaration only where it uses it: each one's schemas
 * would load the schema library into the first screen (listImport.spec.tsx holds every importable
 * resource's list to handing it in). It opens as the person last left it (useLastState).
 */
export function ConsoleList<RecordType extends RaRecord = RaRecord>({
  sx,
  filters,
  actions = <DefaultListActions />,
  declaration,
  children,
  ...props
}: ListProps<RecordType> & { declaration?: ResourceDeclaration }) {
  const ownSx = sx === undefined ? [] : Array.isArray(sx) ? sx : [sx];
  // Every filter form gets a submit button (FilterSubmit), whichever list it is on.
  // On a phone the filters wait behind the filter button (those set stay shown), above the cards.
  const showsCards = useShowsCards();
  const shown = showsCards && Array.isArray(filters) ? filters.map((filter) => cloneElement(filter as ReactElement<{ alwaysOn?: boolean }>, { alwaysOn: false })) : filters;
  const withSubmit = Array.isArray(shown) && shown.length > 0 ? [...shown, <FilterSubmit key={SUBMIT_SOURCE} source={SUBMIT_SOURCE} alwaysOn />] : shown;
  const resource = useResourceContext(props) ?? '';
  const ready = useLastState(resource, props.disableSyncWithLocation ? false : (props.storeKey ?? `${resource}.listParams`));
  if (!ready) return <ScreenLoading />;
  return (
    <List<RecordType> pagination={<ConsolePagination />} sx={[fitsTheScreen, ...ownSx]} filters={withSubmit} actions={<WithViewControls own={actions} declaration={declaration} />} {...props}>
      {children}
      <QuietRefresh />
    </List>
  );
}
