import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { PropertyKind } from '../../../src/shared';
import { sentence, type ServerMessage } from '../../../src/i18n/serverMessage';
import type { ServerMessageKey } from '../../../src/i18n/server.en';

/** Each property kind's table. */
export const PROPERTY_TABLE = {
  regions: 'regions',
  countries: 'countries',
  companies: 'companies',
  advertisers: 'advertisers',
  'data-types': 'data_types',
} as const satisfies Record<PropertyKind, string>;

/** Where each kind's codes are used (labels for one and for many); a code still in use cannot be deleted or renamed. */
const USAGES: Record<PropertyKind, { table: string; column: string; label: [ServerMessageKey, ServerMessageKey] }[]> = {
  regions: [
    { table: 'countries', column: 'region_code', label: ['properties.usage.countryOne', 'properties.usage.countryMany'] },
    { table: 'admins', column: 'region_code', label: ['properties.usage.userOne', 'properties.usage.userMany'] },
  ],
  countries: [
    { table: 'admins', column: 'office_code', label: ['properties.usage.userOfficeOne', 'properties.usage.userOfficeMany'] },
    { table: 'admin_countries', column: 'country_code', label: ['properties.usage.userCountryOne', 'properties.usage.userCountryMany'] },
  ],
  companies: [{ table: 'admins', column: 'company_code', label: ['properties.usage.userOne', 'properties.usage.userMany'] }],
  advertisers: [{ table: 'admin_data_types', column: 'advertiser_code', label: ['properties.usage.userDatasetOne', 'properties.usage.userDatasetMany'] }],
  'data-types': [
    { table: 'admin_data_types', column: 'data_type_code', label: ['properties.usage.userDatasetOne', 'properties.usage.userDatasetMany'] },
    { table: 'templates', column: 'data_type_code', label: ['properties.usage.dashboardTemplateOne', 'properties.usage.dashboardTemplateMany'] },
  ],
};

export interface Usage {
  count: number;
  /** The count in words, in the number it needs ("1 user", "2 users"). */
  label: ServerMessage;
}

export async function usagesOf(db: Db, kind: PropertyKind, code: string): Promise<Usage[]> {
  const usages: Usage[] = [];
  for (const { table, column, label } of USAGES[kind]) {
    const { rows } = await sql<{ count: number | string }>`select count(*) as count from ${sql.table(table)} where ${sql.ref(column)} = ${code}`.execute(db);
    const count = Number(rows[0].count);
    if (count > 0) usages.push({ count, label: sentence(label[count === 1 ? 0 : 1], { count }) });
  }
  return usages;
}

export function describeUsages(code: string, usages: Usage[]): ServerMessage {
  const total = usages.reduce((sum, usage) => sum + usage.count, 0);
  return sentence(total === 1 ? 'properties.isUsedByOneRecord' : 'properties.isUsedByRecords', { code, total, usages: usages.map((usage) => usage.label) });
}
