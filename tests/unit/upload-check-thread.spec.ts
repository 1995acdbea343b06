import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';

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
