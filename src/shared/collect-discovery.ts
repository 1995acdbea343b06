import type { CollectField } from './collect-configs';

/** What "Test source" infers of a field's values. */
export const DISCOVERED_TYPES = ['number', 'date', 'boolean', 'string'] as const;
export type DiscoveredType = (typeof DISCOVERED_TYPES)[number];

/** "Test source" reads at most this much of the first page (a JSON page past it is refused, a CSV page is cut to it). */
export const DISCOVERY_MAX_BYTES = 5 * 1024 * 1024;

/**
 * A field found in the first page. JSON objects flatten to dotted paths (`metrics.clicks`); an
 * array's elements are written `items[].id` and listed from every element, while the mapping
 * (one value per master field) reads the first element: `items.0.id`. A CSV field is its column.
 */
export interface DiscoveredField {
  path: string;
  /** The source field "Add to mapping" puts in the field mapping. */
  mapPath: string;
  type: DiscoveredType;
  /** The first few distinct values, as text. */
  samples: string[];
  /** How many rows hold a value (not null or empty). */
  present: number;
}

const MASTER_TYPE: Record<DiscoveredType, CollectField['type']> = { number: 'NUMBER', date: 'DATE', boolean: 'STRING', string: 'STRING' };

/** A master field code from a path: its last part (`metrics.clicks` → clicks), the whole path when that is taken. */
export function suggestedCode(path: string, taken: ReadonlySet<string>): string {
  const codeOf = (text: string) => {
    const code = text
      .replace(/[^A-Za-z0-9_]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .toLowerCase()
      .slice(0, 100);
    return !code ? 'field' : /^\d/.test(code) ? `_${code}`.slice(0, 100) : code;
  };
  const parts = path.split('.').filter(Boolean);
  const short = codeOf(parts.at(-1) ?? path);
  if (!taken.has(short)) return short;
  const long = codeOf(path);
  for (let candidate = long, n = 2; ; candidate = `${long}_${n++}`) if (!taken.has(candidate)) return candidate;
}

/** The mapping row "Add to mapping" adds for a discovered field, with a code not yet used. */
export function mappingOf(field: DiscoveredField, existing: readonly Pick<CollectField, 'code'>[]): CollectField {
  const taken = new Set(existing.map((row) => row.code));
  return { field: field.mapPath, code: suggestedCode(field.path, taken), type: MASTER_TYPE[field.type], fieldFlag: 'N', masterFlag: 'N' };
}
