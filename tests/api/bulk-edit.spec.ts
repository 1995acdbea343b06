import { describe, expect, it } from 'vitest';
import { AUTHORITIES, AUTHORITY_RANKS, BULK_EDIT_MAX_IDS, type ActivityEntry } from '../../src/shared';
import { declarations } from '../../server/http/resource-declarations';
import { inputFields } from '../../server/http/input-fields';
import { type RankAccounts, type TestApp, withRankAccounts } from './harness';

let t: TestApp;
let accounts: RankAccounts;
let admin: string;
withRankAccounts((suite) => ({ t, accounts, admin } = suite));

/** Every declaration that names fields a list may set on many records at once. */
const bulkEditable = declarations.filter((declaration) => declaration.bulkEdit?.length);

/**
 * How to make a record of each such resource, the change the bulk edit sets, and (where its checks
 * can refuse a bulk field's value) a change its check refuses. A declaration given bulk fields
 * without a sample here fails the first test.
 */
const SAMPLES: Record<string, { create(n: number): Record<string, unknown>; changes: Record<string, unknown>; refused?: { changes: Record<string, unknown>; reason: RegExp } }> = {
  domains: { create: (n) => ({ domain: `bulk-${n}-${Date.now()}.example.com`, activeFlag: 'Y' }), changes: { activeFlag: 'N' } },
  holidays: {
    create: (n) => ({ date: `2033-02-${String(n).padStart(2, '0')}`, name: `Bulk holiday ${n} ${Date.now()}`, country: 'KR', activeFlag: 'Y' }),
    changes: { activeFlag: 'N' },
    refused: { changes: { country: 'ZZ' }, reason: /country/i },
  },
};

const below = (rank: number) => AUTHORITIES.find((authority) => AUTHORITY_RANKS[authority].rank === rank + 1);

let counter = 0;
async function entries(resource: string, recordId: number): Promise<ActivityEntry[]> {
  const reply = await t.call('GET', `/api/activity?range=[0,99]&filter=${encodeURIComponent(JSON.stringify({ resource, recordId: String(recordId) }))}`, { token: admin });
  expect(reply.status).toBe(200);
  return reply.body.data.list;
}

describe('bulk edit', () => {
  it('is declared by at least two resources, each with a sample here', () => {
    expect(bulkEditable.length).toBeGreaterThanOrEqual(2);
    expect(bulkEditable.map(({ name }) => name).filter((name) => !SAMPLES[name])).toEqual([]);
  });

  describe.each(bulkEditable.map((declaration) => [declaration.name, declaration] as const))('%s', (name, declaration) => {
    const api = `/api${declaration.path}`;
    const sample = SAMPLES[name]!;
    const make = async (count: number): Promise<number[]> => {
      const ids: number[] = [];
      for (let i = 0; i < count; i++) {
        const reply = await t.call('POST', api, { token: admin, body: sample.create(++counter) });
        expect(reply.status, JSON.stringify(reply.body)).toBe(200);
        ids.push(reply.body.data.id);
      }
      return ids;
    };
    const read = async (id: number) => (await t.call('GET', `${api}/${id}`, { token: admin })).body.data as Record<string, unknown>;
    const patch = (body: unknown, token = admin) => t.call('PATCH', api, { token, body });

    it('sets the change on every record, one activity entry each, and says how many', async () => {
      const ids = await make(3);
      const reply = await patch({ ids, changes: sample.changes });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(reply.body.data.ids).toEqual(ids);
      expect(reply.body.resultMessage).toContain('3');
      for (const id of ids) {
        expect(await read(id)).toMatchObject(sample.changes);
        const updates = (await entries(name, id)).filter((entry) => entry.action === 'update');
        expect(updates).toHaveLength(1);
        expect(updates[0]!.changes.map((change) => change.field).sort()).toEqual(Object.keys(sample.changes).sort());
      }
    });

    it('changes nothing when one id is unknown, and names it with the reason', async () => {
      const ids = await make(2);
      const before = await Promise.all(ids.map(read));
      const reply = await patch({ ids: [...ids, 999_999], changes: sample.changes });
      expect(reply.status).toBe(409);
      expect(reply.body.data.refused).toEqual([{ id: 999_999, reason: `No such ${declaration.noun}.` }]);
      expect(reply.body.resultMessage).toMatch(/^Nothing was changed: 1 of the 3 selected .* #999999: No such/);
      expect(await Promise.all(ids.map(read))).toEqual(before);
      for (const id of ids) expect((await entries(name, id)).filter((entry) => entry.action === 'update')).toHaveLength(0);
    });

    it.runIf(sample.refused)("changes nothing when a record's check refuses the change, and says why", async () => {
      const ids = await make(2);
      const before = await Promise.all(ids.map(read));
      const reply = await patch({ ids, changes: sample.refused!.changes });
      expect(reply.status).toBe(409);
      expect(reply.body.data.refused.map((refusal: { id: number }) => refusal.id)).toEqual(ids);
      for (const refusal of reply.body.data.refused as { reason: string }[]) expect(refusal.reason).toMatch(sample.refused!.reason);
      expect(await Promise.all(ids.map(read))).toEqual(before);
    });

    it('is refused to the rank below its update’s', async () => {
      const [id] = await make(1);
      const authority = below(declaration.rank.write);
      if (!authority) return;
      expect((await patch({ ids: [id], changes: sample.changes }, accounts[authority].token)).status).toBe(403);
      expect(await read(id!)).toMatchObject(sample.create(0).activeFlag ? { activeFlag: 'Y' } : {});
    });

    it('refuses a field that is not bulk-editable, no change, and too many or no ids', async () => {
      const [id] = await make(1);
      const other = inputFields(declaration.schemas.input!).find((field) => !declaration.bulkEdit!.includes(field as never))!;
      expect((await patch({ ids: [id], changes: { [other]: 'x' } })).status).toBe(400);
      expect((await patch({ ids: [id], changes: {} })).status).toBe(400);
      expect((await patch({ ids: [], changes: sample.changes })).status).toBe(400);
      expect((await patch({ ids: Array.from({ length: BULK_EDIT_MAX_IDS + 1 }, (_, i) => i + 1), changes: sample.changes })).status).toBe(400);
    });
  });
});
