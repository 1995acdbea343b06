import { spawn } from 'node:child_process';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { isSqlite } from '../../server/db/database';
import { signedInAccount, startSiblingApp, type TestApp, withTestApp } from './harness';
import { commit, createDataset, datasetRows, preview } from './uploads-support';

let t: TestApp;
// A short upload lease: on PostgreSQL the restarted instance fails the dead one's upload once it expires.
withTestApp((app) => (t = app), { uploadLeaseMs: 1500 });

const ROWS = 300_000;

/** Runs the child until it has written `killAfter` rows, then SIGKILLs it; answers the last progress seen. */
function commitAndKill(args: string[], killAfter: number): Promise<{ lastDone: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/api/upload-crash-child.ts', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let lastDone = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      for (const match of output.matchAll(/PROGRESS (\d+)/g)) lastDone = Math.max(lastDone, Number(match[1]));
      if (lastDone >= killAfter && child.exitCode === null) child.kill('SIGKILL');
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (_code, signal) => (signal === 'SIGKILL' ? resolve({ lastDone, output }) : reject(new Error(`child ended without being killed:\n${output}`))));
  });
}

describe('a server killed in the middle of a commit', () => {
  it('leaves no rows of that upload behind, and the history shows it failed after restart', async () => {
    const uploader = await signedInAccount(t, 'crash@example.com', 'user', { uploader_flag: 'Y' });
    const id = await createDataset(t, uploader.token);
    const earlier = await commit(t, uploader.token, (await preview(t, uploader.token, id, 'earlier.csv', 'date,campaign_id,channel,impressions\n2023-12-31,KEEP,search,1\n')).id);
    expect(earlier.status).toBe('SUCCESS');

    const lines = ['date,campaign_id,channel,impressions'];
    for (let row = 0; row < ROWS; row += 1) lines.push(`2024-01-01,C${row},search,${row}`);
    const big = await preview(t, uploader.token, id, 'big.csv', `${lines.join('\n')}\n`);
    expect(big).toMatchObject({ status: 'READY', rowCount: ROWS });

    const pgSchema = isSqlite(t.db) ? '-' : (await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db)).rows[0].schema;
    // REPLACE: the commit first deletes the earlier row, so a half-written commit would also lose it.
    const { lastDone, output } = await commitAndKill([JSON.stringify(t.config), pgSchema, String(big.id), uploader.token], 20_000);
    expect(lastDone, output).toBeGreaterThanOrEqual(20_000);
    expect(lastDone, output).toBeLessThan(ROWS);

    const restarted = await startSiblingApp(t, {});
    try {
      const read = async () => (await restarted.app.inject({ method: 'GET', url: `/api/uploads/${big.id}`, headers: { authorization: `Bearer ${uploader.token}` } })).json().data;
      // At start on SQLite; on PostgreSQL once the killed owner's lease has expired.
      await vi.waitFor(async () => expect((await read()).status).toBe('FAIL'), { timeout: 10_000, interval: 200 });
      expect(await read()).toMatchObject({ status: 'FAIL', uploadedCount: 0, reason: expect.stringMatching(/interrupted/) });
      const rows = await datasetRows(t, id);
      expect(rows.map((row) => row.values[1])).toEqual(['KEEP']);
      expect(rows.every((row) => row.upload === earlier.id)).toBe(true);
      expect((await t.db.selectFrom('datasets').select('row_count').where('id', '=', id).executeTakeFirstOrThrow()).row_count).toBe(1);
    } finally {
      await restarted.close();
    }
  }, 120_000);
});
