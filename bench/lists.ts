/**
 * List screens with 10,000 rows per resource: the list API's time for a page (auth, parsing,
 * query, count, envelope, system-log row) as a ratio to the same page and count queried directly
 * on the database, both measured in this run.
 */
import { sql } from 'kysely';
import { BENCH_EMAIL, BENCH_PASSWORD, startBenchServer } from './harness';

const ROWS = 10_000;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);

const server = await startBenchServer({ passwordHash: { memoryCost: 4096, timeCost: 1, parallelism: 1 } });
const { db } = server;
const now = new Date().toISOString();

await db.transaction().execute(async (trx) => {
  const terms = ['REQUIRED', 'POST'];
  for (let start = 0; start < ROWS; start += 500) {
    await trx
      .insertInto('templates')
      .values(Array.from({ length: 500 }, (_, i) => ({ name: `Bench template ${start + i}`, data_type_code: ['MEDIA', 'CRM', 'RETAIL', 'SOCIAL'][(start + i) % 4], description: null, status: (start + i) % 5 ? 'Y' : 'N', file_id: null, created_at: now, updated_at: now })))
      .execute();
    await trx
      .insertInto('alert_mails')
      .values(Array.from({ length: 500 }, (_, i) => ({ procedure: `PROC_${(start + i) % 50}`, error_id: `E${start + i}`, subtitle: `Failure ${start + i}`, content: 'Task {{taskId}} failed: {{detail}}', created_at: now, updated_at: now })))
      .execute();
    const termIds = await trx
      .insertInto('terms')
      .values(Array.from({ length: 500 }, (_, i) => ({ title: `Bench term ${start + i}`, type: terms[(start + i) % 2], active_flag: 'N', created_at: now, updated_at: now })))
      .returning('id')
      .execute();
    await trx
      .insertInto('term_versions')
      .values(termIds.map(({ id }) => ({ term_id: id, terms_version: '1.0', content: '<p>Bench</p>', effective_at: now, created_at: now, updated_at: now })))
      .execute();
    await trx
      .insertInto('allowed_domains')
      .values(Array.from({ length: 500 }, (_, i) => ({ domain: `bench${start + i}.example.org`, description: `Bench domain ${start + i}`, active_flag: (start + i) % 4 ? 'Y' : 'N', created_at: now, updated_at: now })))
      .execute();
    await trx
      .insertInto('countries')
      .values(Array.from({ length: 500 }, (_, i) => ({ code: `B${start + i}`, name: `Bench country ${start + i}`, region_code: 'EMEA', sort_no: start + i })))
      .execute();
  }
});

async function post(path: string, body: unknown) {
  const reply = await server.app.inject({ method: 'POST', url: path, payload: body as object });
  return reply.json() as { result: string; data: any };
}
const challenge = await post('/api/auth/signin', { email: BENCH_EMAIL, password: BENCH_PASSWORD });
const mail = await db.selectFrom('mail_outbox').select('body_text').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
const signedIn = await post('/api/auth/signin/otp', { challengeToken: challenge.data.challengeToken, code: mail.body_text.match(/\b(\d{6})\b/)![1] });
const authorization = `Bearer ${signedIn.data.accessToken}`;

async function median(run: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 20; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
}

interface Case {
  label: string;
  url: string;
  direct: () => Promise<unknown>;
}

const cases: Case[] = [
  {
    label: 'domains, page 1, search "bench1", sorted by domain',
    url: `/api/domains?sort=${encodeURIComponent('["domain","ASC"]')}&range=${encodeURIComponent('[0,9]')}&filter=${encodeURIComponent('{"q":"bench1"}')}`,
    direct: () => {
      const where = sql<boolean>`(lower(domain) like ${'%bench1%'} or lower(description) like ${'%bench1%'})`;
      return Promise.all([
        db.selectFrom('allowed_domains').selectAll().where(where).orderBy('domain').orderBy('id').limit(10).execute(),
        db.selectFrom('allowed_domains').select(sql<number>`count(*)`.as('count')).where(where).executeTakeFirst(),
      ]);
    },
  },
  {
    label: 'domains, page 500 of active ones, sorted by updatedAt',
    url: `/api/domains?sort=${encodeURIComponent('["updatedAt","DESC"]')}&range=${encodeURIComponent('[4990,4999]')}&filter=${encodeURIComponent('{"activeFlag":"Y"}')}`,
    direct: () =>
      Promise.all([
        db.selectFrom('allowed_domains').selectAll().where('active_flag', '=', 'Y').orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(10).offset(4990).execute(),
        db.selectFrom('allowed_domains').select(sql<number>`count(*)`.as('count')).where('active_flag', '=', 'Y').executeTakeFirst(),
      ]),
  },
  {
    label: 'countries of EMEA, page 1, sorted by name',
    url: `/api/properties?sort=${encodeURIComponent('["name","ASC"]')}&range=${encodeURIComponent('[0,9]')}&filter=${encodeURIComponent('{"kind":"countries","regionCode":"EMEA"}')}`,
    direct: () =>
      Promise.all([
        db.selectFrom('countries').selectAll().where('region_code', '=', 'EMEA').orderBy('name').orderBy('id').limit(10).execute(),
        db.selectFrom('countries').select(sql<number>`count(*)`.as('count')).where('region_code', '=', 'EMEA').executeTakeFirst(),
      ]),
  },
  {
    label: 'templates of data type MEDIA, page 1, sorted by name',
    url: `/api/templates?sort=${encodeURIComponent('["name","ASC"]')}&range=${encodeURIComponent('[0,9]')}&filter=${encodeURIComponent('{"dataType":"MEDIA"}')}`,
    direct: () =>
      Promise.all([
        db.selectFrom('templates').selectAll().where('data_type_code', '=', 'MEDIA').orderBy('name').orderBy('id').limit(10).execute(),
        db.selectFrom('templates').select(sql<number>`count(*)`.as('count')).where('data_type_code', '=', 'MEDIA').executeTakeFirst(),
      ]),
  },
  {
    label: 'alert mails of one procedure, page 1, sorted by error id',
    url: `/api/alert-mails?sort=${encodeURIComponent('["errorId","ASC"]')}&range=${encodeURIComponent('[0,9]')}&filter=${encodeURIComponent('{"procedure":"PROC_7"}')}`,
    direct: () =>
      Promise.all([
        db.selectFrom('alert_mails').selectAll().where('procedure', '=', 'PROC_7').orderBy('error_id').orderBy('id').limit(10).execute(),
        db.selectFrom('alert_mails').select(sql<number>`count(*)`.as('count')).where('procedure', '=', 'PROC_7').executeTakeFirst(),
      ]),
  },
  {
    label: 'terms, page 1, search "term 99", sorted by title',
    url: `/api/terms?sort=${encodeURIComponent('["title","ASC"]')}&range=${encodeURIComponent('[0,9]')}&filter=${encodeURIComponent('{"q":"term 99"}')}`,
    direct: () => {
      const where = sql<boolean>`lower(title) like ${'%term 99%'}`;
      return Promise.all([
        db.selectFrom('terms').selectAll().where(where).orderBy('title').orderBy('id').limit(10).execute(),
        db.selectFrom('terms').select(sql<number>`count(*)`.as('count')).where(where).executeTakeFirst(),
      ]);
    },
  },
];

console.log(`${ROWS} rows per table, median of ${SAMPLES} requests per case`);
for (const { label, url, direct } of cases) {
  const apiMs = await median(async () => {
    const reply = await server.app.inject({ method: 'GET', url, headers: { authorization } });
    if (reply.statusCode !== 200) throw new Error(`${url}: ${reply.body}`);
  });
  const directMs = await median(direct);
  console.log(`${label}: API ${apiMs.toFixed(2)} ms, direct query ${directMs.toFixed(2)} ms, ratio ${(apiMs / directMs).toFixed(2)}`);
}
await server.close();
