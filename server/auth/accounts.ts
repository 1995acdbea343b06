import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { AdminsTable } from '../db/schema';

export type Admin = Selectable<AdminsTable>;

export function findAdminByEmail(db: Db, email: string): Promise<Admin | undefined> {
  return db.selectFrom('admins').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export function findAdminById(db: Db, id: number): Promise<Admin | undefined> {
  return db.selectFrom('admins').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The accounts of `ids` (an unknown id is left out), each with the names of its company, region and
 * office country beside their codes (null where the code is unset or names no row).
 */
export function findAdminsWithPlaceNames(db: Db, ids: readonly number[]) {
  return db
    .selectFrom('admins')
    .leftJoin('companies', 'companies.code', 'admins.company_code')
    .leftJoin('regions', 'regions.code', 'admins.region_code')
    .leftJoin('countries', 'countries.code', 'admins.office_code')
    .selectAll('admins')
    .select(['companies.name as company_name', 'regions.name as region_name', 'countries.name as office_name'])
    .where('admins.id', 'in', ids)
    .execute();
}

export async function countriesOf(db: Db, adminId: number): Promise<string[]> {
  const rows = await db.selectFrom('admin_countries').select('country_code').where('admin_id', '=', adminId).orderBy('country_code').execute();
  return rows.map((row) => row.country_code);
}

export function displayName(admin: Pick<Admin, 'first_name' | 'last_name'>): string {
  return `${admin.first_name} ${admin.last_name}`.trim();
}
