import { PROPERTY_KINDS, type PropertyKind } from '../../shared/property-kinds';

/** The screen of the project properties; `?kind=` names its tab so reload and back keep it. */
export const PROPERTIES_LIST_PATH = '/system/project-property';

/** The kind a `?kind=` value names; regions (the first tab) when absent or unknown. */
export function kindOf(value: string | null | undefined): PropertyKind {
  return PROPERTY_KINDS.find((kind) => kind === value) ?? PROPERTY_KINDS[0];
}

/** Each kind keeps its own sort, page and filters in react-admin's store. */
export const propertyListStoreKey = (kind: PropertyKind) => `properties.${kind}.listParams`;

/** react-admin's list parameters as it writes them in the URL, plus the tab's kind. */
export function propertyListPath(kind: PropertyKind, stored: Record<string, unknown> = {}): string {
  const search = new URLSearchParams({ kind });
  for (const [name, value] of Object.entries(stored)) {
    if (name === 'kind' || value === undefined || value === null) continue;
    search.set(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return `${PROPERTIES_LIST_PATH}?${search}`;
}
