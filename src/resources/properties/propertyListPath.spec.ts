import { describe, expect, it } from 'vitest';
import { parseQueryFromLocation } from 'react-admin';
import { kindOf, propertyListPath } from './propertyListPath';

describe('propertyListPath', () => {
  it('names the tab, falling back to regions for a missing or unknown kind', () => {
    expect(kindOf('data-types')).toBe('data-types');
    expect(kindOf(null)).toBe('regions');
    expect(kindOf('passwords')).toBe('regions');
    expect(propertyListPath('countries')).toBe('/system/project-property?kind=countries');
  });

  it('writes stored list parameters the way react-admin reads them back from the URL', () => {
    const stored = { kind: 'regions', filter: { q: 'por', regionCode: 'EMEA' }, displayedFilters: {}, sort: 'name', order: 'DESC', page: 2, perPage: 10 };
    const path = propertyListPath('countries', stored);
    const search = path.slice(path.indexOf('?'));
    expect(new URLSearchParams(search).get('kind')).toBe('countries');
    expect(parseQueryFromLocation({ search })).toEqual({ ...stored, kind: 'countries', page: '2', perPage: '10' });
  });
});
