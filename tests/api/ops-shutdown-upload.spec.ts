import { spawn } from 'node:child_process';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { isSqlite } from '../../server/db/database';
import { signedInAccount, startSiblingApp, type TestApp, withTestApp } from './harness';
import { commit, createDataset, datasetRows, preview } from './uploads-support';

let t: TestApp;
let uploader: { token: string };
let pgSchema: string;
// A short upload lease: on PostgreSQL the restarted instance fails the dead one's upload once it expires.
withTestApp((app) => (t = app), { uploadLeaseMs: 1500 });
beforeAll(async () => {
  uploader = await signedInAccount(t, 'shutdown@example.com', 'user', { uploader_flag: 'Y' });
  pgSchema = isSqlite(t.db) ? '-' : (await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db)).rows[0].schema;
});

/** A data set holding one earlier row, and a previewed (READY) upload of `rows` rows that will REPLACE it. */
async function readyUpload(rows: number) {
  const datasetId = await createDataset(t, uploader.token);
  const earlier = await commit(t, uploader.token, (await preview(t, uploader.token, datasetId, 'earlier.csv', 'date,campaign_id,channel,impressions\n2023-12-31,KEEP,search,1\n')).id);
  const lines = ['date,campaign_id,channel,impressions'];
  for (let row = 0; row < rows; row += 1) lines.push(`2024-01-01,C${row},search,${row}`);
  const upload = await preview(t, uploader.token, datasetId, 'big.csv', `${lines.join('\n')}\n`);
  expect(upload).toMatchObject({ status: 'READY', rowCount: rows });
  return { datasetId, earlierId: earlier.id, uploadId: upload.id };
}

/** Starts the commit in a child process and sends SIGTERM once `signalAfter` rows are written. */
function commitThenTerminate(uploadId: number, graceMs: number, signalAfter: number) {
  return new Promise<{ code: number | null; msAfterSignal: number; lastDone: number; runningAtSignal: boolean; output: string }>((resolve, reject) => {
    const config = JSON.stringify({ ...t.config, shutdownGraceMs: graceMs });
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/api/fixtures/ops-upload-child.ts', config, pgSchema, String(uploadId), uploader.token], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let lastDone = 0;
    let signalledAt = 0;
    let runningAtSignal = false;
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const running = [...output.matchAll(/PROGRESS (\d+)/g)];
      for (const match of running) lastDone = Math.max(lastDone, Number(match[1]));
      const finished = /PROGRESS done/.test(output);
      if (!signalledAt && ((running.length > 0 && lastDone >= signalAfter) || finished)) {
        signalledAt = Date.now();
        runningAtSignal = !finished;
        child.kill('SIGTERM');
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      signalledAt ? resolve({ code, msAfterSignal: Date.now() - signalledAt, lastDone, runningAtSignal, output }) : reject(new Error(`child exited before the signal:\n${output}`)),
    );
  });
}

async function uploadAfterRestart(uploadId: number) {
  const restarted = await startSiblingApp(t, {});
  try {
    const read = async () => (await restarted.app.inject({ method: 'GET', url: `/api/uploads/${uploadId}`, headers: { authorization: `Bearer ${uploader.token}` } })).json().data;
    // Settled at start on SQLite; on PostgreSQL once the stopped owner's lease has expired.
    await vi.waitFor(async () => expect(['PARSING', 'COMMITTING']).not.toContain((await read()).status), { timeout: 10_000, interval: 200 });
    return await read();
  } finally {
    await restarted.close();
  }
}

describe('SIGTERM during a long upload commit', () => {
  it('with time to spare, the commit finishes: the process exits 0 and the upload is whole', async () => {
    const rows = 50_000;
    const { datasetId, uploadId } = await readyUpload(rows);
    const { code, msAfterSignal, runningAtSignal, output } = await commitThenTerminate(uploadId, 60_000, 0);
    expect(runningAtSignal, output).toBe(true);
    expect(code, output).toBe(0);
    expect(msAfterSignal).toBeLessThan(60_000);
    expect(await uploadAfterRestart(uploadId)).toMatchObject({ status: 'SUCCESS' });
    const kept = await datasetRows(t, datasetId);
    expect(kept).toHaveLength(rows);
    expect(kept.some((row) => row.values[1] === 'KEEP')).toBe(false);
  }, 120_000);

  // Runs once more on failure: whether the signal lands mid-commit depends on a child process's pace on busy cores.
  it('past the grace period, the process exits 1 within it and the upload is absent', { retry: 1, timeout: 180_000 }, async () => {
    const rows = 200_000;
    const { datasetId, earlierId, uploadId } = await readyUpload(rows);
    const { code, msAfterSignal, lastDone, runningAtSignal, output } = await commitThenTerminate(uploadId, 50, 10_000);
    expect(runningAtSignal, output).toBe(true);
    expect(lastDone, output).toBeLessThan(rows);
    expect(code, output).toBe(1);
    expect(msAfterSignal).toBeLessThan(50 + 2_000);
    expect(await uploadAfterRestart(uploadId)).toMatchObject({ status: 'FAIL', uploadedCount: 0 });
    // The REPLACE never committed: the earlier row is still there and none of the new ones are.
    const kept = await datasetRows(t, datasetId);
    expect(kept.map((row) => row.values[1])).toEqual(['KEEP']);
    expect(kept.every((row) => row.upload === earlierId)).toBe(true);
  });
});
