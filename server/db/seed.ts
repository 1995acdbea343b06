import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { isSqlite, type Db } from './database';
import type { PasswordHasher } from '../auth/passwords';
import { PASSWORD_PATTERN } from '../../src/shared';

const REGIONS = [
  { code: 'APAC', name: 'Asia Pacific' },
  { code: 'EMEA', name: 'Europe, Middle East & Africa' },
  { code: 'NA', name: 'North America' },
  { code: 'LATAM', name: 'Latin America' },
];
const COUNTRIES = [
  ['KR', 'Korea', 'APAC'],
  ['JP', 'Japan', 'APAC'],
  ['SG', 'Singapore', 'APAC'],
  ['AU', 'Australia', 'APAC'],
  ['IN', 'India', 'APAC'],
  ['GB', 'United Kingdom', 'EMEA'],
  ['DE', 'Germany', 'EMEA'],
  ['FR', 'France', 'EMEA'],
  ['AE', 'United Arab Emirates', 'EMEA'],
  ['US', 'United States', 'NA'],
  ['CA', 'Canada', 'NA'],
  ['BR', 'Brazil', 'LATAM'],
  ['MX', 'Mexico', 'LATAM'],
] as const;
const COMPANIES = [
  { code: 'HQ', name: 'Headquarters' },
  { code: 'AGENCY', name: 'Media Agency' },
  { code: 'PARTNER', name: 'Data Partner' },
];
const ADVERTISERS = [
  { code: 'ACME', name: 'Acme Electronics' },
  { code: 'GLOBEX', name: 'Globex Retail' },
];
const DATA_TYPES = [
  { code: 'MEDIA', name: 'Media' },
  { code: 'CRM', name: 'CRM' },
  { code: 'RETAIL', name: 'Retail' },
  { code: 'SOCIAL', name: 'Social' },
];
const TERMS = [
  { title: 'Terms of Service', type: 'REQUIRED', content: 'By using the console you agree to use campaign data only for the purposes your organisation has approved.' },
  { title: 'Privacy Policy', type: 'REQUIRED', content: 'We store your name, e-mail, company and sign-in history to run the console and keep it secure.' },
  { title: 'Product news', type: 'POST', content: 'Send me occasional e-mails about new console features.' },
];

/** The PostgreSQL advisory lock the first-start seed holds: any number, the same in every instance ("seed" in ASCII). */
const SEED_LOCK = 0x73656564;

export interface SeedResult {
  adminEmail: string;
  /** Present only when this run created the admin with a generated password. */
  generatedPassword?: string;
  created: boolean;
}

/** First-run data: code tables, the admin's domain, starter terms and one system-admin. Idempotent. */
export async function seedFoundation(db: Db, options: { adminEmail?: string; adminPassword?: string; hasher: PasswordHasher; nowIso: string }): Promise<SeedResult> {
  const adminEmail = (options.adminEmail ?? 'admin@example.com').toLowerCase();
  const existing = await db.selectFrom('admins').select('id').limit(1).executeTakeFirst();
  if (existing) return { adminEmail, created: false };
  const password = options.adminPassword ?? generatePassword();
  const passwordHash = await options.hasher.hash(password);
  const now = options.nowIso;
  const created = await db.transaction().execute(async (trx) => {
    // Replicas started together on a new database seed it once: the first holds the lock until it
    // commits, the others then find its admin and seed nothing. On SQLite the transaction's
    // IMMEDIATE begin (database.ts) is that lock: a second process waits there (busy_timeout).
    if (!isSqlite(trx)) await sql`select pg_advisory_xact_lock(${sql.lit(SEED_LOCK)})`.execute(trx);
    if (await trx.selectFrom('admins').select('id').limit(1).executeTakeFirst()) return false;
    const sorted = <T>(rows: T[]) => rows.map((row, index) => ({ ...row, sort_no: index + 1 }));
    if (!(await trx.selectFrom('regions').select('id').limit(1).executeTakeFirst())) {
      await trx.insertInto('regions').values(sorted(REGIONS)).execute();
      await trx
        .insertInto('countries')
        .values(sorted(COUNTRIES.map(([code, name, region_code]) => ({ code, name, region_code }))))
        .execute();
      await trx.insertInto('companies').values(sorted(COMPANIES)).execute();
      await trx.insertInto('advertisers').values(sorted(ADVERTISERS)).execute();
      await trx.insertInto('data_types').values(sorted(DATA_TYPES)).execute();
    }
    const domain = adminEmail.split('@')[1];
    await trx.insertInto('domains').values({ domain, description: 'Domain of the first administrator', active_flag: 'Y', created_at: now, updated_at: now }).execute();
    const versionIds: number[] = [];
    for (const term of TERMS) {
      const { id } = await trx.insertInto('terms').values({ title: term.title, type: term.type, active_flag: 'Y', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
      const version = await trx
        .insertInto('term_versions')
        .values({ term_id: id, terms_version: '1.0', content: term.content, effective_at: now, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      versionIds.push(version.id);
    }
    const { id: adminId } = await trx
      .insertInto('admins')
      .values({
        email: adminEmail,
        password_hash: passwordHash,
        first_name: 'System',
        last_name: 'Admin',
        company_code: 'HQ',
        region_code: 'APAC',
        office_code: 'KR',
        authority: 'system-admin',
        account_rank: 1,
        account_level: 'SYSTEM',
        approver_flag: 'Y',
        creator_flag: 'Y',
        uploader_flag: 'Y',
        status_code: 'ACTIVE',
        approval_status_code: 'APPROVED',
        password_updated_at: now,
        // A generated password is printed in the log: it signs in once, to choose the admin's own.
        must_change_password: options.adminPassword ? 'N' : 'Y',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('admin_countries')
      .values(COUNTRIES.map(([code]) => ({ admin_id: adminId, country_code: code })))
      .execute();
    await trx
      .insertInto('admin_data_types')
      .values(ADVERTISERS.flatMap((a) => DATA_TYPES.map((t) => ({ admin_id: adminId, advertiser_code: a.code, data_type_code: t.code }))))
      .execute();
    await trx
      .insertInto('term_agreements')
      .values(versionIds.map((id) => ({ admin_id: adminId, term_version_id: id, agreed_at: now })))
      .execute();
    return true;
  });
  if (!created) return { adminEmail, created: false };
  return { adminEmail, generatedPassword: options.adminPassword ? undefined : password, created: true };
}

/** Twelve characters that satisfy PASSWORD_PATTERN (a letter, a digit and a symbol). */
export function generatePassword(): string {
  const letters = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
  const digits = '23456789';
  const symbols = '!@#$%^&*';
  const pick = (set: string) => set[randomInt(set.length)];
  for (;;) {
    const chars = [pick(letters), pick(digits), pick(symbols), ...Array.from({ length: 9 }, () => pick(letters + digits))];
    const candidate = chars.sort(() => randomInt(3) - 1).join('');
    if (PASSWORD_PATTERN.test(candidate)) return candidate;
  }
}
