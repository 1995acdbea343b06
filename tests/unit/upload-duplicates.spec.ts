import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SeenKeys } from '../../server/modules/uploads/seen-keys';
import { StagedRows } from '../../server/modules/uploads/staging';

const folder = mkdtempSync(join(tmpdir(), 'upload-duplicates-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('SeenKeys', () => {
  it('answers "maybe seen" for every repeated key and rarely for a new one', () => {
    const seen = new SeenKeys(20);
    const keys = Array.from({ length: 10_000 }, (_, n) => `2024-03-${String(1 + (n % 28)).padStart(2, '0')}\u001fC${n}`);
    const falseAlarms = keys.filter((key) => seen.add(key)).length;
    expect(falseAlarms).toBeLessThan(20);
    expect(keys.every((key) => seen.add(key))).toBe(true);
  });

  it('keeps a fixed size: a tiny filter fills up and then flags everything', () => {
    const seen = new SeenKeys(9);
    for (let n = 0; n < 2000; n += 1) seen.add(`key ${n}`);
    expect(Array.from({ length: 50 }, (_, n) => seen.add(`fresh ${n}`)).every(Boolean)).toBe(true);
  });
});

describe('StagedRows.duplicates', () => {
  const stage = (name: string, keys: (string | null)[]) => {
    const staged = new StagedRows(join(folder, `${name}.db`));
    staged.add(keys.flatMap((key, index) => [index + 2, key, JSON.stringify([key])]));
    return staged;
  };

  it('confirms the candidate keys held by more than one row and clears false alarms', () => {
    const staged = stage('mixed', ['A', 'B', 'A', 'C', 'A', null, null]);
    staged.addCandidates(['A', 'C', 'A']);
    expect(staged.duplicates(10)).toEqual({
      count: 2,
      listed: [
        { row: 4, first: 2 },
        { row: 6, first: 2 },
      ],
    });
    expect(staged.duplicates(1)).toEqual({ count: 2, listed: [{ row: 4, first: 2 }] });
    staged.discard();
  });

  it('finds every duplicate when a saturated filter makes every key a candidate', () => {
    const seen = new SeenKeys(5);
    const keys = Array.from({ length: 300 }, (_, n) => `K${n % 250}`);
    const staged = stage('saturated', keys);
    staged.addCandidates(keys.filter((key) => seen.add(key)));
    const { count, listed } = staged.duplicates(100);
    expect(count).toBe(50);
    expect(listed.slice(0, 2)).toEqual([
      { row: 252, first: 2 },
      { row: 253, first: 3 },
    ]);
    staged.discard();
  });
});
