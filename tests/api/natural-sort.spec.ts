import { beforeAll, describe, expect, it } from 'vitest';
import { naturalKey } from '../../server/db/natural-key';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestApp, withTestApp } from './harness';

let t: TestApp;
let token: string;
withTestApp((app) => (t = app));
beforeAll(async () => {
  token = (await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD)).accessToken;
  const now = t.clock.now().toISOString();
  const names = ['Spring #23', 'Spring #5', 'Spring #100', 'Autumn 2026 #7', 'Autumn 2025 #12', 'Spring #05x', 'Code 123456789012345678901234'];
  await t.db
    .insertInto('templates')
    .values(names.map((name) => ({ name, data_type_code: 'MEDIA', description: null, status: 'Y', file_id: null, created_at: now, updated_at: now })))
    .execute();
});

const namesSorted = async (direction: 'ASC' | 'DESC') =>
  (await t.call('GET', `/api/templates?sort=${encodeURIComponent(JSON.stringify(['name', direction]))}&range=[0,99]`, { token })).body.data.list.map((row: { name: string }) => row.name);

describe('names people number sort naturally, on SQLite and PostgreSQL', () => {
  it('puts #5 before #23 before #100, and numbers inside a name in order too', async () => {
    expect(await namesSorted('ASC')).toEqual(['Autumn 2025 #12', 'Autumn 2026 #7', 'Code 123456789012345678901234', 'Spring #5', 'Spring #05x', 'Spring #23', 'Spring #100']);
    expect(await namesSorted('DESC')).toEqual(['Spring #100', 'Spring #23', 'Spring #05x', 'Spring #5', 'Code 123456789012345678901234', 'Autumn 2026 #7', 'Autumn 2025 #12']);
  });

  it('keys digits padded to 20 and keeps longer runs whole', () => {
    expect(naturalKey('a5b')).toBe(`a${'5'.padStart(20, '0')}b`);
    expect(naturalKey('123456789012345678901234')).toBe('123456789012345678901234');
    expect(naturalKey(null)).toBeNull();
  });
});
