import type { PropertyKind } from './property-kinds';

const regionNames = new Map<string, Intl.DisplayNames>();

/** The platform's name of a country code in `locale` (KR → 대한민국), or undefined where it has none. */
function countryName(code: string, locale: string): string | undefined {
  if (!/^[A-Z]{2}$/.test(code)) return undefined;
  let names = regionNames.get(locale);
  if (!names) regionNames.set(locale, (names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' })));
  return names.of(code);
}

/**
 * What a reader calls a code of a Project Properties table. Names are stored as people typed them,
 * in English, so an English reader reads the stored name. Any other reader reads a country by the
 * platform's locale data (Intl.DisplayNames), the codes the console ships (regions, companies,
 * data types) by the label files' words (`console.propertyNames.<kind>.<code>`, through `word`,
 * which answers '' for a key it lacks), and any other code, such as an advertiser, by its stored name.
 */
export function propertyName(kind: PropertyKind, property: { code: string; name: string }, locale: string, word: (key: string) => string): string {
  if (locale === 'en') return property.name;
  return (kind === 'countries' ? countryName(property.code, locale) : undefined) || word(`console.propertyNames.${kind}.${property.code}`) || property.name;
}
