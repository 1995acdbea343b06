import { useLocaleState, useTranslate } from 'react-admin';
import type { PropertyKind } from '../shared';
import { propertyName } from '../shared/property-names';

/** Names Project Properties codes in the reader's language (src/shared/property-names.ts). */
export function usePropertyName(): (kind: PropertyKind, property: { code: string; name: string }) => string {
  const [locale] = useLocaleState();
  const translate = useTranslate();
  return (kind, property) => propertyName(kind, property, locale, (key) => translate(key, { _: '' }));
}
