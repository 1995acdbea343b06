import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { PropertyKind } from '../../../src/shared';

/** Each property kind's table. */
export const PROPERTY_TABLE = {
  regions: 'regions',
  countries: 'countries',
  companies: 'companies',
  advertisers: 'advertisers',
  'data-types': 'data_types',
} as const satisfies Record<PropertyKind, string>;

/** Where each kind's codes are used (labels for one and for many); a code still in use cannot be deleted or renamed. */
const USAGES: Record<PropertyKind, { table: string; column: string; label: [string, string] }[]> = {
  regions: [
    { table: 'countries', column: 'region_code', label: ['country', 'countries'] },
    { table: 'admins', column: 'region_code', label: ['user', 'users'] },
  ],
  countries: [
    { table: 'admins', column: 'office_code', label: ['user (country of office)', 'users (country of office)'] },
    { table: 'admin_countries', column: 'country_code', label: ['user country connection', 'user country connections'] },
  ],
  companies: [{ table: 'admins', column: 'company_code', label: ['user', 'users'] }],
  advertisers: [{ table: 'admin_data_types', column: 'advertiser_code', label: ['user dataset connection', 'user dataset connections'] }],
  'data-types': [
    { table: 'admin_data_types', column: 'data_type_code', label: ['user dataset connection', 'user dataset connections'] },
    { table: 'templates', column: 'data_type_code', label: ['dashboard template', 'dashboard templates'] },
  ],
};

export interface Usage {
  count: number;
  /** Already in the number the count needs ("1 user", "2 users"). */
  label: string;
}

export async function usagesOf(db: Db, kind: PropertyKind, code: string): Promise<Usage[]> {
  const usages: Usage[] = [];
  for (const { table, column, label } of USAGES[kind]) {
    const { rows } = await sql<{ count: number | string }>`select count(*) as count from ${sql.table(table)} where ${sql.ref(column)} = ${code}`.execute(db);
    const count = Number(rows[0].count);
    if (count > 0) usages.push({ count, label: label[count === 1 ? 0 : 1] });
  }
  return usages;
}

export function describeUsages(code: string, usages: Usage[]): string {
  const total = usages.reduce((sum, usage) => sum + usage.count, 0);
  return `${code} is used by ${total} record${total === 1 ? '' : 's'} (${usages.map((u) => `${u.count} ${u.label}`).join(', ')}).`;
}
