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

export async function countriesOf(db: Db, adminId: number): Promise<string[]> {
  const rows = await db.selectFrom('admin_countries').select('country_code').where('admin_id', '=', adminId).orderBy('country_code').execute();
  return rows.map((row) => row.country_code);
}

export function displayName(admin: Pick<Admin, 'first_name' | 'last_name'>): string {
  return `${admin.first_name} ${admin.last_name}`.trim();
}
