import { SimpleList } from 'react-admin';
import type { Property } from '../../shared';

/** The phone layout: one line per property (name; code and, for countries, region code), tapping opens the edit form. */
export function PropertySimpleList() {
  return (
    <SimpleList<Property>
      linkType="edit"
      primaryText={(property) => property.name}
      secondaryText={(property) => (property.regionCode ? `${property.code} · ${property.regionCode}` : property.code)}
      tertiaryText={(property) => property.no}
    />
  );
}
