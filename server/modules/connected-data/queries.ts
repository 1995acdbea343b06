import type { Db } from '../../db/database';
import type { ConnectedDataOptions } from '../../../src/shared';

/** The advertisers and the region → country tree a dataset connection is chosen from. */
export async function loadConnectedDataOptions(db: Db): Promise<ConnectedDataOptions> {
  const [advertisers, regions, countries] = await Promise.all([
    db.selectFrom('advertisers').select(['code', 'name']).orderBy('sort_no').orderBy('code').execute(),
    db.selectFrom('regions').select(['code', 'name']).orderBy('sort_no').orderBy('code').execute(),
    db.selectFrom('countries').select(['code', 'name', 'region_code']).orderBy('sort_no').orderBy('code').execute(),
  ]);
  const countryTree = regions.map((region) => ({
    key: region.code,
    label: region.name,
    children: countries.filter((country) => country.region_code === region.code).map((country) => ({ key: country.code, label: country.name, children: [] })),
  }));
  return { advertisers, countryTree };
}
