import type { Db } from '../../db/database';
import { findAdminsWithPlaceNames } from '../../auth/accounts';
import type { Profile } from '../../../src/shared';

export async function loadProfile(db: Db, adminId: number): Promise<Profile | undefined> {
  return (await loadProfiles(db, [adminId])).get(adminId);
}

/** The profiles of `ids` in one read for all of them, by account id (an unknown id is left out). */
export async function loadProfiles(db: Db, ids: readonly number[]): Promise<Map<number, Profile>> {
  if (ids.length === 0) return new Map();
  const [admins, dataTypeRows, countryRows] = await Promise.all([
    findAdminsWithPlaceNames(db, ids),
    db
      .selectFrom('admin_data_types')
      .leftJoin('advertisers', 'advertisers.code', 'admin_data_types.advertiser_code')
      .leftJoin('data_types', 'data_types.code', 'admin_data_types.data_type_code')
      .select(['admin_data_types.admin_id', 'admin_data_types.advertiser_code', 'advertisers.name as advertiser', 'data_types.name as dataType', 'admin_data_types.data_type_code'])
      .where('admin_id', 'in', ids)
      .orderBy('admin_data_types.advertiser_code')
      .orderBy('admin_data_types.data_type_code')
      .execute(),
    db
      .selectFrom('admin_countries')
      .innerJoin('countries', 'countries.code', 'admin_countries.country_code')
      .leftJoin('regions as country_regions', 'country_regions.code', 'countries.region_code')
      .select(['admin_countries.admin_id', 'countries.region_code', 'country_regions.name as region_name', 'countries.code', 'countries.name'])
      .where('admin_id', 'in', ids)
      .orderBy('countries.region_code')
      .orderBy('countries.name')
      .execute(),
  ]);
  return new Map(
    admins.map((admin): [number, Profile] => {
      const dataTypes = dataTypeRows.filter((row) => row.admin_id === admin.id);
      const countries = countryRows.filter((row) => row.admin_id === admin.id);
      return [
        admin.id,
        {
          email: admin.email,
          firstName: admin.first_name,
          lastName: admin.last_name,
          company: admin.company_name,
          region: admin.region_name,
          office: admin.office_name,
          companyCode: admin.company_code,
          regionCode: admin.region_code,
          officeCode: admin.office_code,
          isApprover: admin.approver_flag === 'Y' ? 'Y' : 'N',
          isCreator: admin.creator_flag === 'Y' ? 'Y' : 'N',
          isUploader: admin.uploader_flag === 'Y' ? 'Y' : 'N',
          connectedDataTypes: groupBy(
            dataTypes,
            (row) => row.advertiser ?? row.advertiser_code,
            (row) => ({ code: row.data_type_code, name: row.dataType ?? row.data_type_code }),
          ).map(([groupName, member]) => ({ groupName, member })),
          // Each region by its name as well as its code: a person reads "Asia Pacific", not APAC.
          connectedCountries: groupBy(
            countries,
            (row) => row.region_code,
            (row) => ({ code: row.code, name: row.name }),
          ).map(([groupCode, member]) => ({ groupCode, groupName: countries.find((row) => row.region_code === groupCode)?.region_name ?? groupCode, member })),
        },
      ];
    }),
  );
}

function groupBy<T, M>(rows: T[], keyOf: (row: T) => string, memberOf: (row: T) => M): [string, M[]][] {
  const groups = new Map<string, M[]>();
  for (const row of rows) {
    const key = keyOf(row);
    groups.set(key, [...(groups.get(key) ?? []), memberOf(row)]);
  }
  return [...groups.entries()];
}
