import { loadDeclarations } from './declarations';

let declared: Promise<Map<string, ReadonlySet<string>>> | undefined;

/** What each declared list may be filtered by: its declared filters, and `q` where it searches. The server refuses anything else. */
function allowedFiltersByResource(): Promise<Map<string, ReadonlySet<string>>> {
  declared ??= loadDeclarations().then(
    (declarations) => new Map(declarations.map((declaration) => [declaration.name, new Set([...Object.keys(declaration.list.filters), ...(declaration.list.search?.length ? ['q'] : [])])] as const)),
  );
  return declared;
}

/**
 * A saved filter without the fields its list no longer allows (a view saved before a filter was
 * removed), and the names of those dropped, for a notice. A list no declaration names keeps all.
 */
export async function withoutUnknownFilters(resource: string, filter: Record<string, unknown>): Promise<{ filter: Record<string, unknown>; dropped: string[] }> {
  const allowed = (await allowedFiltersByResource()).get(resource);
  if (!allowed) return { filter, dropped: [] };
  const entries = Object.entries(filter);
  return {
    filter: Object.fromEntries(entries.filter(([key]) => allowed.has(key))),
    dropped: entries.filter(([key]) => !allowed.has(key)).map(([key]) => key),
  };
}
