import { loadDeclarations } from './declarations';

/** What a declared list may be asked for: its filters (with the values of those that name theirs) and the fields it sorts by. */
interface ListRules {
  /** Each filter the list allows, with the values it allows (any when its declaration names none); `q` where it searches. */
  filters: ReadonlyMap<string, ReadonlySet<string> | undefined>;
  sortable: ReadonlySet<string>;
}

let declared: Promise<Map<string, ListRules>> | undefined;
/** The rules once loaded, so a list opening again checks its state without waiting. */
let loaded: Map<string, ListRules> | undefined;

/** What each declared list may be filtered and sorted by. The server refuses anything else. */
function rulesByResource(): Promise<Map<string, ListRules>> {
  declared ??= loadDeclarations().then((declarations) => {
    loaded = new Map(
      declarations.map((declaration) => {
        const filters = new Map<string, ReadonlySet<string> | undefined>(
          Object.entries(declaration.list.filters).map(([name, filter]) => [name, filter && 'values' in filter && filter.values ? new Set(Object.keys(filter.values)) : undefined]),
        );
        if (declaration.list.search?.length) filters.set('q', undefined);
        return [declaration.name, { filters, sortable: new Set(declaration.list.sortable) }] as const;
      }),
    );
    return loaded;
  });
  return declared;
}

/** A filter's value the list still allows: any, or (for a filter naming its values) one of them. */
const allowedValue = (values: ReadonlySet<string> | undefined, value: unknown) => !values || (typeof value === 'string' && values.has(value));

function filterWithin(rules: ListRules | undefined, filter: Record<string, unknown>): { filter: Record<string, unknown>; dropped: string[] } {
  if (!rules) return { filter, dropped: [] };
  const entries = Object.entries(filter);
  const kept = (key: string, value: unknown) => rules.filters.has(key) && allowedValue(rules.filters.get(key), value);
  return {
    filter: Object.fromEntries(entries.filter(([key, value]) => kept(key, value))),
    dropped: entries.filter(([key, value]) => !kept(key, value)).map(([key]) => key),
  };
}

/**
 * A saved filter without the fields its list no longer allows, or the values it no longer has (a view
 * saved before a filter or a value was removed), and the names of those dropped, for a notice. A list
 * no declaration names keeps all.
 */
export async function withoutUnknownFilters(resource: string, filter: Record<string, unknown>): Promise<{ filter: Record<string, unknown>; dropped: string[] }> {
  return filterWithin((await rulesByResource()).get(resource), filter);
}

/** react-admin's stored list parameters, as far as they are checked here. */
export interface StoredListState {
  filter?: Record<string, unknown>;
  displayedFilters?: Record<string, boolean>;
  sort?: string;
  order?: string;
  [other: string]: unknown;
}

/** A list's state as it may open: its filters within what the list allows, and its sort dropped (the list's own then) when the field is not sortable. */
export interface CheckedListState {
  state: StoredListState;
  /** The filters dropped, for a notice; a dropped sort needs none, as the list simply opens in its own order. */
  dropped: string[];
  changed: boolean;
}

function stateWithin(rules: ListRules | undefined, state: StoredListState): CheckedListState {
  const { filter, dropped } = filterWithin(rules, state.filter ?? {});
  const unknownSort = Boolean(rules && state.sort !== undefined && !rules.sortable.has(state.sort));
  if (!dropped.length && !unknownSort) return { state, dropped, changed: false };
  const { sort: _sort, order: _order, ...rest } = state;
  const displayedFilters = Object.fromEntries(Object.entries(state.displayedFilters ?? {}).filter(([key]) => !dropped.includes(key)));
  return { state: { ...(unknownSort ? rest : state), filter, displayedFilters }, dropped, changed: true };
}

/** The check of a list's last state, at once when the rules are loaded already; undefined until then. */
export function checkedListStateNow(resource: string, state: StoredListState): CheckedListState | undefined {
  return loaded && stateWithin(loaded.get(resource), state);
}

/** The check of a list's last state (kept on the server, perhaps from before a filter, a value or a sort field was removed). */
export async function checkedListState(resource: string, state: StoredListState): Promise<CheckedListState> {
  return stateWithin((await rulesByResource()).get(resource), state);
}
