import type { RedirectionSideEffect } from 'react-admin';
import { PROPERTY_KINDS, type PropertyKind } from '../../shared';

/** SPEC §2 screen of the project properties; `?kind=` names its tab so reload and back keep it. */
export const PROPERTIES_LIST_PATH = '/system/project-property';

/** The kind a `?kind=` value names; regions (the first tab) when absent or unknown. */
export function kindOf(value: string | null | undefined): PropertyKind {
  return PROPERTY_KINDS.find((kind) => kind === value) ?? PROPERTY_KINDS[0];
}

export function propertyListPath(kind: PropertyKind): string {
  return `${PROPERTIES_LIST_PATH}?kind=${kind}`;
}

/** After a save: back to the list, on the tab of the saved property (react-admin's 'list' would lose the tab). */
export const backToPropertyList: RedirectionSideEffect = (_resource, _id, data) => propertyListPath(kindOf(data?.kind));
