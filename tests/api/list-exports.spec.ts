import { beforeAll, describe, expect, it } from 'vitest';
import { declarations } from '../../server/http/resource-declarations';
import { codeSetOf, exportableFields } from '../../server/http/export-cells';
import { translatorFor } from '../../server/modules/activity/words';
import { CODE_LISTS } from '../../src/shared/code-lists';
import { codeMessageKey, type CodeSet } from '../../src/shared/code-sets';
import { operationsOf } from '../../src/shared/resources/define';
import { ADMIN_EMAIL, ADMIN_PASSWORD, accountsByRank, insertAccount, type RankAccounts, type TestApp, withTestApp } from './harness';

/**
 * Every declared list's export (GET <list>/export) writes what the list shows: the asked columns in
 * the asked order under their labels in the reader's language, codes as their words with the code
 * beside, the list's filter and the caller's scope, formula-safe cells.
 */

/** Lists whose module serves them itself, with an export of its own (a link the browser opens). */
const OWN_EXPORTS = ['activity', 'explorer', 'system-logs'];

const LANGUAGES = { en: 'en-US,en;q=0.9', ko: 'ko-KR,ko;q=0.9' } as const;

let t: TestApp;
let admin: string;
let accounts: RankAccounts;
let exported: typeof declarations;
withTestApp((app) => (t = app));
beforeAll(async () => {
  admin = (await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD)).accessToken;
  accounts = await accountsByRank(t);
  await insertAccount(t, { email: 'formula@example.com', first_name: "=cmd|' /C calc'!A0", last_name: 'Tester', authority: 'user' });
  const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  // The factory's export takes the list's format and columns; a module's own export (a link's token) does not.
  const takesColumns = (path: string) => (document.paths[`/api${path}/export`]?.get?.parameters ?? []).some((parameter: { name: string }) => parameter.name === 'columns');
  exported = declarations.filter((declaration) => operationsOf(declaration).includes('list') && takesColumns(declaration.path));
});

/** A CSV text's rows of cells (RFC 4180), the byte order mark dropped. */
function csvRows(csv: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const text = csv.replace(/^\uFEFF/, '');
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted && ch === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && ch === '"') quoted = false;
    else if (quoted) cell += ch;
    else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  return rows;
}

async function exportOf(path: string, query: Record<string, string>, language: keyof typeof LANGUAGES = 'en', token = admin) {
  const reply = await t.app.inject({
    method: 'GET',
    url: `/api${path}/export`,
    query,
    headers: { authorization: `Bearer ${token}`, 'accept-language': LANGUAGES[language], 'x-time-zone': 'Asia/Seoul' },
  });
  return { status: reply.statusCode, type: String(reply.headers['content-type']), rows: reply.statusCode === 200 ? csvRows(reply.body) : [], raw: reply };
}

const RAW_CODES = new Set<string>(Object.values(CODE_LISTS).flatMap((codes: readonly string[]) => codes.filter((code) => /^[A-Z][A-Z0-9_]{2,}$|^[YN]$/.test(code))));

describe('every declared list exports what it shows', () => {
  it('has an export beside every list the factory serves', () => {
    const lists = declarations.filter((declaration) => operationsOf(declaration).includes('list'));
    expect(exported.length).toBeGreaterThan(10);
    expect(lists.filter((declaration) => !exported.includes(declaration)).map((declaration) => declaration.name)).toEqual(OWN_EXPORTS);
  });

  for (const language of ['en', 'ko'] as const) {
    it(`writes every list in ${language}: the labels as header, codes as words with the code beside, every row the list has`, async () => {
      const tr = translatorFor(language);
      const problems: string[] = [];
      const written: string[] = [];
      for (const declaration of exported) {
        const fields = exportableFields(declaration);
        const { status, rows, type } = await exportOf(declaration.path, { columns: fields.join(',') }, language);
        const list = await t.call('GET', `/api${declaration.path}?range=[0,99]`, { token: admin, headers: { 'accept-language': LANGUAGES[language] } });
        // A list that needs its parent's filter (a project's plans) refuses the export as it refuses the list.
        if (status !== list.status) problems.push(`${declaration.name}: ${status}, the list ${list.status}`);
        if (status !== 200) continue;
        written.push(declaration.name);
        expect(type).toMatch(/^text\/csv/);
        const expected = fields.flatMap((field) => {
          const label = tr(`resources.${declaration.name}.fields.${field}`, { _: field });
          return codeSetOf(declaration, field) ? [label, `${label} (${language === 'ko' ? '코드' : 'code'})`] : [label];
        });
        // A column of times names the reader's zone after its label.
        const header = rows[0].map((cell) => cell.replace(/ \(Asia\/Seoul\)$/, ''));
        if (JSON.stringify(header) !== JSON.stringify(expected)) problems.push(`${declaration.name}: header ${JSON.stringify(rows[0])} ≠ ${JSON.stringify(expected)}`);
        const total = list.body.data.totalCount as number;
        if (total <= 99 && rows.length - 1 !== total) problems.push(`${declaration.name}: ${rows.length - 1} rows, the list has ${total}`);
        // A code column holds words: no raw code stands alone unless its words are the code itself.
        fields.forEach((field) => {
          const set = codeSetOf(declaration, field) as CodeSet | undefined;
          if (!set) return;
          const at = rows[0].findIndex((_, index) => header[index] === tr(`resources.${declaration.name}.fields.${field}`, { _: field }));
          for (const row of rows.slice(1)) {
            const code = row[at + 1];
            // A cell names one record's code: of words with a form for one and for many, the first.
            const words = tr(codeMessageKey(set, code), { _: `missing words for ${code}` })
              .split('||||')[0]!
              .trim();
            if (row[at] !== words) problems.push(`${declaration.name}.${field}: '${row[at]}' for ${code}`);
            if (RAW_CODES.has(row[at]) && tr(codeMessageKey(set, code)) !== code) problems.push(`${declaration.name}.${field}: raw ${row[at]}`);
          }
        });
      }
      expect(problems).toEqual([]);
      expect(written.length).toBeGreaterThan(10);
    });
  }

  it('writes a stored sentence (an access-history detail) in the reader’s words, as the list answers it', async () => {
    const refused = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: ADMIN_EMAIL, password: 'Not#thePassword1' } });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    const filter = JSON.stringify({ success: 'N' });
    for (const [language, words] of [
      ['en', 'Wrong password.'],
      ['ko', '비밀번호가 틀렸습니다.'],
    ] as const) {
      const { status, rows } = await exportOf('/access-history', { columns: 'email,detail', filter }, language);
      expect(status).toBe(200);
      expect(rows.slice(1)).toContainEqual([ADMIN_EMAIL, words]);
    }
  });

  it('writes only the asked columns, in the asked order, and never a field the list does not have', async () => {
    for (const declaration of exported) {
      const fields = exportableFields(declaration).filter((field) => !codeSetOf(declaration, field));
      const asked = fields.slice(0, 3).reverse();
      const { rows, status } = await exportOf(declaration.path, { columns: asked.join(',') }, 'en');
      if (status === 400 && (await t.call('GET', `/api${declaration.path}`, { token: admin })).status === 400) continue;
      expect(
        rows[0].map((cell) => cell.replace(/ \(Asia\/Seoul\)$/, '')),
        declaration.name,
      ).toEqual(asked.map((field) => translatorFor('en')(`resources.${declaration.name}.fields.${field}`, { _: field })));
      // A field outside the list's row is never written: left out beside others, refused alone.
      expect((await exportOf(declaration.path, { columns: 'passwordHash' })).status, declaration.name).toBe(400);
      expect((await exportOf(declaration.path, { columns: `${asked[0]},passwordHash,__proto__` })).rows[0], declaration.name).toHaveLength(1);
    }
  });

  it('keeps the list’s filter and search, and refuses what the list refuses', async () => {
    for (const declaration of exported) {
      const needsFilter = (await t.call('GET', `/api${declaration.path}`, { token: admin })).status === 400;
      if (declaration.list.search?.length && !needsFilter) {
        const { rows } = await exportOf(declaration.path, { filter: JSON.stringify({ q: 'zz-no-such-thing-zz' }) });
        expect(rows.length, declaration.name).toBe(1);
      }
      expect((await exportOf(declaration.path, { filter: JSON.stringify({ noSuchFilter: 1 }) })).status, declaration.name).toBe(400);
    }
    const active = await exportOf('/users', { columns: 'email,statusCode', filter: JSON.stringify({ statusCode: 'ACTIVE' }) }, 'ko');
    expect(active.rows[0]).toEqual(['이메일', '상태', '상태 (코드)'].map((label) => expect.stringContaining(label.split(' ')[0])));
    expect(active.rows.slice(1).every((row) => row[2] === 'ACTIVE' && row[1] === translatorFor('ko')('resources.users.status.ACTIVE'))).toBe(true);
    const none = await exportOf('/users', { columns: 'email', filter: JSON.stringify({ statusCode: 'DEACTIVATED', q: 'no-such' }) });
    expect(none.rows).toHaveLength(1);
  });

  it('is refused to whoever may not read the list, as the list is (scope holds)', async () => {
    const refused: string[] = [];
    for (const declaration of exported) {
      for (const { token, email } of Object.values(accounts)) {
        const list = await t.call('GET', `/api${declaration.path}`, { token });
        const { status } = await exportOf(declaration.path, {}, 'en', token);
        expect(status, `${declaration.name} as ${email}`).toBe(list.status);
        if (status === 403) refused.push(declaration.name);
        // A narrowed list exports exactly its own rows.
        if (status === 200) {
          const { rows } = await exportOf(declaration.path, { columns: exportableFields(declaration)[0] }, 'en', token);
          const total = (await t.call('GET', `/api${declaration.path}?range=[0,99]`, { token })).body.data.totalCount as number;
          if (total <= 99) expect(rows.length - 1, `${declaration.name} as ${email}`).toBe(total);
        }
      }
    }
    expect(new Set(refused).size).toBeGreaterThan(5);
  });

  it('streams a list of any size page by page: by keyset in a keyset sort, else by pages in order', async () => {
    const now = t.clock.now().toISOString();
    const values = Array.from({ length: 1_234 }, (_, index) => ({
      email: `bulk${String(index).padStart(4, '0')}@example.com`,
      password_hash: 'x',
      first_name: 'Bulk',
      last_name: String(index),
      company_code: 'HQ',
      region_code: 'APAC',
      office_code: 'KR',
      account_rank: 5,
      account_level: 'USER',
      authority: 'user',
      approval_status_code: 'APPROVED',
      status_code: 'ACTIVE',
      created_at: now,
      updated_at: now,
    }));
    for (let at = 0; at < values.length; at += 200)
      await t.db
        .insertInto('admins')
        .values(values.slice(at, at + 200))
        .execute();
    const total = (await t.call('GET', '/api/users', { token: admin })).body.data.totalCount as number;
    for (const sort of [
      ['createdAt', 'DESC'],
      ['email', 'ASC'],
    ]) {
      const { rows } = await exportOf('/users', { columns: 'email', sort: JSON.stringify(sort) });
      const emails = rows.slice(1).map(([email]) => email);
      expect(emails, sort.join(' ')).toHaveLength(total);
      expect(new Set(emails).size).toBe(total);
      if (sort[0] === 'email') expect(emails).toEqual([...emails].sort());
    }
  });

  it('writes a cell a spreadsheet would run as a formula as text, and the Users words, in XLSX too', async () => {
    const csv = await exportOf('/users', { columns: 'name,email,adminLevel,approverFlag' }, 'en');
    const formula = csv.rows.find((row) => row[1] === 'formula@example.com')!;
    expect(formula[0]).toBe("'=cmd|' /C calc'!A0 Tester");
    // Seen before: SYSTEM / Y where the screen shows words; the codes now stand beside them.
    expect(csv.rows[0]).toEqual(['Name', 'E-mail', 'Level', 'Level (code)', 'Approver', 'Approver (code)']);
    const admins = csv.rows.find((row) => row[1] === ADMIN_EMAIL)!;
    expect(admins.slice(2)).toEqual(['System admin', 'SYSTEM', 'Yes', 'Y']);
    const xlsx = await exportOf('/users', { format: 'xlsx', columns: 'name,statusCode' }, 'ko');
    expect(xlsx.type).toMatch(/spreadsheetml/);
    expect(xlsx.raw.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(String(xlsx.raw.headers['content-disposition'])).toMatch(/\.xlsx/);
  });
});
