import { AUTHORITY_RANKS, type Authority } from '../../../src/shared';
import { daysBefore, insertBatched, type DemoFeature } from './context';

export const DEMO_EMAIL_DOMAIN = 'demo.example.com';
const USER_COUNT = 300;

const FIRST_NAMES = [
  'Jiwoo',
  'Minseo',
  'Haruto',
  'Yui',
  'Wei',
  'Priya',
  'Arjun',
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Sofia',
  'Lucas',
  'Mia',
  'Mateo',
  'Camila',
  'Hannah',
  'Jonas',
  'Léa',
  'Hugo',
  'Amir',
  'Layla',
  'Ethan',
  'Chloe',
  'Daniel',
  'Ava',
  'Seojun',
  'Sakura',
  'Ren',
  'Isabela',
];
const LAST_NAMES = [
  'Kim',
  'Lee',
  'Park',
  'Choi',
  'Sato',
  'Suzuki',
  'Tan',
  'Sharma',
  'Patel',
  'Smith',
  'Brown',
  'Wilson',
  'Müller',
  'Schmidt',
  'Martin',
  'Bernard',
  'Haddad',
  'Johnson',
  'Garcia',
  'Silva',
  'Santos',
  'Hernández',
  'Nguyen',
  'Taylor',
  'Clarke',
];
const REQUEST_COMMENTS = ['Need access for the Q3 campaign review.', 'Joining the media planning team.', 'Agency analyst for the retail account.', null];
const REJECT_REASONS = ['Not part of an approved team.', 'Please request access through your regional manager.'];

/** How many of each authority (the rest are users). */
const STAFF: Array<[Authority, number]> = [
  ['system-admin', 2],
  ['global-admin', 6],
  ['region-admin', 12],
  ['local-admin', 40],
];

/** A few hundred accounts across regions and ranks: approved, pending, rejected, inactive and locked ones. */
export const demoUsers: DemoFeature = {
  name: 'users',
  tables: ['admins', 'admin_countries', 'admin_data_types', 'term_agreements'],
  async seed(demo) {
    const { trx, rng, now } = demo;
    const countries = await trx.selectFrom('countries').select(['code', 'region_code']).orderBy('sort_no').execute();
    const regions = [...new Set(countries.map((country) => country.region_code))];
    const companies = (await trx.selectFrom('companies').select('code').orderBy('sort_no').execute()).map((row) => row.code);
    const advertisers = (await trx.selectFrom('advertisers').select('code').orderBy('sort_no').execute()).map((row) => row.code);
    const dataTypes = (await trx.selectFrom('data_types').select('code').orderBy('sort_no').execute()).map((row) => row.code);
    const termVersions = (await trx.selectFrom('term_versions').select('id').execute()).map((row) => row.id);

    const authorities: Authority[] = STAFF.flatMap(([authority, count]) => Array<Authority>(count).fill(authority));
    while (authorities.length < USER_COUNT) authorities.push('user');
    for (const [index, authority] of authorities.entries()) {
      const first = rng.pick(FIRST_NAMES);
      const last = rng.pick(LAST_NAMES);
      const regionCode = regions[index % regions.length];
      const inRegion = countries.filter((country) => country.region_code === regionCode).map((country) => country.code);
      const office = rng.pick(inRegion);
      const { rank, level } = AUTHORITY_RANKS[authority];
      // Only users sign up and wait for approval; staff accounts were approved long ago.
      const approval = authority !== 'user' ? 'APPROVED' : rng.chance(0.1) ? 'PENDING' : rng.chance(0.04) ? 'REJECTED' : 'APPROVED';
      const approved = approval === 'APPROVED';
      const locked = approved && rng.chance(0.02);
      const createdDaysAgo = approval === 'PENDING' ? rng.next() * 7 : 30 + rng.next() * 700;
      const createdAt = daysBefore(now, createdDaysAgo);
      const email = `${ascii(first)}.${ascii(last)}.${String(index + 1).padStart(3, '0')}@${DEMO_EMAIL_DOMAIN}`;
      const { id } = await trx
        .insertInto('admins')
        .values({
          email,
          password_hash: demo.passwordHash,
          first_name: first,
          last_name: last,
          company_code: rng.pick(companies),
          region_code: regionCode,
          office_code: office,
          authority,
          account_rank: rank,
          account_level: level,
          approver_flag: rank <= 3 || (rank === 4 && rng.chance(0.5)) ? 'Y' : 'N',
          creator_flag: rank <= 4 || rng.chance(0.3) ? 'Y' : 'N',
          uploader_flag: rank <= 4 || rng.chance(0.4) ? 'Y' : 'N',
          status_code: approved && rng.chance(0.05) ? 'INACTIVE' : 'ACTIVE',
          approval_status_code: approval,
          request_comment: authority === 'user' ? rng.pick(REQUEST_COMMENTS) : null,
          reject_reason: approval === 'REJECTED' ? rng.pick(REJECT_REASONS) : null,
          // A few accounts just locked themselves out (5 wrong passwords → 15 minutes).
          sign_in_attempt: locked ? 5 : 0,
          locked_until: locked ? daysBefore(now, -15 / 1440) : null,
          last_login_at: approved ? daysBefore(now, rng.next() * 30) : null,
          password_updated_at: createdAt,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const connected = authority === 'local-admin' ? rng.some(inRegion, rng.int(1, 3)) : authority === 'user' ? [office] : [];
      demo.accounts.push({ id, email, authority, rank, regionCode, countries: connected, approved });
    }
    demo.counted('admins', authorities.length);

    const accounts = demo.accounts;
    await insertBatched(
      demo,
      'admin_countries',
      accounts.flatMap((account) => account.countries.map((code) => ({ admin_id: account.id, country_code: code }))),
    );
    await insertBatched(
      demo,
      'admin_data_types',
      accounts.flatMap((account) =>
        rng
          .some(advertisers, rng.int(1, advertisers.length))
          .flatMap((advertiser) => rng.some(dataTypes, rng.int(1, dataTypes.length)).map((type) => ({ admin_id: account.id, advertiser_code: advertiser, data_type_code: type }))),
      ),
    );
    await insertBatched(
      demo,
      'term_agreements',
      accounts
        .filter((account) => account.approved || rng.chance(0.9))
        .flatMap((account) => termVersions.map((versionId) => ({ admin_id: account.id, term_version_id: versionId, agreed_at: daysBefore(now, 30 + rng.next() * 30) }))),
    );
  },
};

function ascii(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
}
