import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { FileChecker, OUT_OF_MEMORY_REASON } from '../../server/modules/uploads/check-thread';

const folder = mkdtempSync(join(tmpdir(), 'check-thread-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

it('starts the reading thread whatever the working directory of the server', () => {
  const csv = join(folder, 'two.csv');
  writeFileSync(csv, 'a,b\nK1,03/05/2024\nK2,\n');
  // The thread loads tsx and its entry by absolute URL: a server started from elsewhere still reads.
  const child = spawnSync(process.execPath, ['--import', import.meta.resolve('tsx'), fileURLToPath(new URL('./fixtures/check-file.ts', import.meta.url)), csv], { cwd: folder, encoding: 'utf8' });
  expect(child.stderr).toBe('');
  expect(JSON.parse(child.stdout)).toEqual({ rows: [2, 'K1', '["K1","2024-03-05"]', 3, 'K2', '["K2",null]'], uploadedCount: 2 });
});

describe('FileChecker', () => {
  const schema = [{ colName: 'a', colType: 'VARCHAR' as const, required: true, key: true }];
  const file = (name: string, text: string) => {
    const path = join(folder, name);
    writeFileSync(path, text);
    return path;
  };

  it('checks one file after another on the same thread, and survives a file it cannot read', async () => {
    const checker = new FileChecker();
    try {
      const rowsOf = async (path: string) => {
        const rows: unknown[] = [];
        const done = await checker.check({ kind: 'csv', filePath: path, schema }, (batch) => rows.push(...batch.rows));
        return { rows, uploadedCount: done.uploadedCount };
      };
      expect(await rowsOf(file('one.csv', 'a\nX\n'))).toEqual({ rows: [2, 'X', '["X"]'], uploadedCount: 1 });
      await expect(rowsOf(join(folder, 'missing.csv'))).rejects.toThrow(/ENOENT/);
      expect(await rowsOf(file('two.csv', 'a\nY\nZ\n'))).toEqual({ rows: [2, 'Y', '["Y"]', 3, 'Z', '["Z"]'], uploadedCount: 2 });
    } finally {
      await checker.close();
    }
  });

  it('gives up a file whose rows cannot be staged, and reads the next on a new thread', async () => {
    const checker = new FileChecker();
    try {
      const path = file('many.csv', `a\n${Array.from({ length: 50_000 }, (_, n) => `K${n}`).join('\n')}\n`);
      await expect(
        checker.check({ kind: 'csv', filePath: path, schema }, () => {
          throw new Error('disk full');
        }),
      ).rejects.toThrow('disk full');
      const done = await checker.check({ kind: 'csv', filePath: path, schema }, () => undefined);
      expect(done.uploadedCount).toBe(50_000);
    } finally {
      await checker.close();
    }
  });
});

it("fails a file that outgrows the thread's heap with a reason the uploader can act on", async () => {
  // 4 MiB: too little for the thread to even load its reader, so any file outgrows it. Not less:
  // Node 24 and later abort the whole process for a worker heap limit of 2 MiB or under.
  const tiny = new FileChecker(4);
  try {
    const path = join(folder, 'any.csv');
    writeFileSync(path, 'a\nX\n');
    await expect(tiny.check({ kind: 'csv', filePath: path, schema: [{ colName: 'a', colType: 'VARCHAR', required: true, key: true }] }, () => undefined)).rejects.toThrow(OUT_OF_MEMORY_REASON);
  } finally {
    await tiny.close();
  }
});
