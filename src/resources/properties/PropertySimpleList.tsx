import { SimpleList } from 'react-admin';
import type { Property } from '../../shared';
import { RegionField } from './RegionField';

/**
 * The phone layout: one line per property (name; its code and, for countries, the region by name),
 * tapping opens the edit form. The code is the record's own key, drawn as the table's code column is.
 */
export function PropertySimpleList() {
  return (
    <SimpleList<Property>
      linkType="edit"
      primaryText={(property) => property.name}
      secondaryText={(property) => (
        <>
          <span className="ra-field-code">{property.code}</span>
          {property.regionCode ? (
            <>
              {' · '}
              <RegionField />
            </>
          ) : null}
        </>
      )}
      tertiaryText={(property) => property.no}
    />
  );
}
