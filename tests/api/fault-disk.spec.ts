import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount, startTestApp, type TestApp } from './harness';
import { commit, createDataset, postFile, preview, settled } from './uploads-support';

/** The out-of-space refusal as an English reader's answer words it. */
const OUT_OF_SPACE = 'The server is out of disk space, so nothing was kept. Try again later; the operator has been told.';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const MIB = 1024 * 1024;

// DATA_DIR on a small tmpfs of its own, so that filling it fills nothing else (the tests run as root).
const mountPoint = mkdtempSync(join(tmpdir(), 'console-full-disk-'));
let mountRefusal: string | undefined;
try {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64m,mode=0700', 'tmpfs', mountPoint], { stdio: 'pipe' });
} catch (error) {
  mountRefusal = String((error as { stderr?: Buffer }).stderr ?? (error as Error).message).trim() || 'mount failed';
}
afterAll(() => {
  // Lazily: a file the closed server left open must not keep the mount (and the test) around.
  if (!mountRefusal) execFileSync('umount', ['--lazy', mountPoint]);
  rmdirSync(mountPoint);
});

const filler = join(mountPoint, 'filler');
/** Fills DATA_DIR's disk until `left` bytes are free. */
function fillLeaving(left: number): void {
  rmSync(filler, { force: true });
  const { bavail, bsize } = statfsSync(mountPoint);
  writeFileSync(filler, Buffer.alloc(Math.max(0, bavail * bsize - left)));
}

/** A CSV of `rows` distinct rows, about 40 bytes each. */
function mediaCsv(rows: number, tag: string): string {
  const lines = ['date,campaign_id,channel,impressions'];
  for (let row = 0; row < rows; row += 1) lines.push(`2024-01-01,${tag}-${String(row).padStart(7, '0')},search,${row}`);
  return `${lines.join('\n')}\n`;
}

async function integrityOk(t: TestApp): Promise<void> {
  if (onPostgres) return;
  const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(t.db);
  expect(rows).toEqual([{ integrity_check: 'ok' }]);
}

const rowCount = async (t: TestApp, datasetId: number) =>
  Number(
    (
      await t.db
        .selectFrom('dataset_rows')
        .select((eb) => eb.fn.countAll().as('rows'))
        .where('dataset_id', '=', datasetId)
        .executeTakeFirstOrThrow()
    ).rows,
  );

describe.skipIf(mountRefusal)(`a full DATA_DIR${mountRefusal ? ` (skipped: cannot mount a tmpfs: ${mountRefusal})` : ''}`, () => {
  let t: TestApp;
  let uploader: string;
  let datasetId: number;
  beforeAll(async () => {
    t = await startTestApp({ dataDir: mountPoint });
    uploader = (await signedInAccount(t, 'uploader@example.com', 'user', { uploader_flag: 'Y' })).token;
    datasetId = await createDataset(t, uploader);
    const first = await preview(t, uploader, datasetId, 'first.csv', mediaCsv(10, 'FIRST'));
    expect((await commit(t, uploader, first.id)).status).toBe('SUCCESS');
  });
  afterAll(async () => {
    rmSync(filler, { force: true });
    await t?.close();
  });

  it('refuses an upload with 507 INSUFFICIENT_STORAGE in the envelope, keeps no part of it, and takes the next one once space is back', async () => {
    const csv = mediaCsv(60_000, 'BIG');
    expect(csv.length).toBeGreaterThan(2 * MIB);
    const uploadsBefore = await t.db.selectFrom('upload_histories').select('id').execute();
    fillLeaving(MIB);

    const refused = await postFile(t, uploader, datasetId, 'big.csv', csv);
    expect(refused.status, JSON.stringify(refused.body)).toBe(507);
    expect(refused.body).toEqual({ result: 'INSUFFICIENT_STORAGE', resultMessage: OUT_OF_SPACE, data: null });
    expect(readdirSync(join(mountPoint, 'uploads', '.incoming'))).toEqual([]);
    expect(readdirSync(join(mountPoint, 'uploads')).filter((name) => !name.startsWith('.'))).toHaveLength(1);
    expect(await t.db.selectFrom('upload_histories').select('id').execute()).toEqual(uploadsBefore);

    rmSync(filler);
    const taken = await preview(t, uploader, datasetId, 'big.csv', csv);
    expect(taken).toMatchObject({ status: 'READY', rowCount: 60_000 });
    expect((await commit(t, uploader, taken.id)).status).toBe('SUCCESS');
    expect(await rowCount(t, datasetId)).toBe(60_010);
    await integrityOk(t);
  });

  // On PostgreSQL the rows go to the database server's disk, not DATA_DIR's.
  it.skipIf(onPostgres)(
    'fails a commit that runs out of space with that reason, keeps every old row and an intact database, and commits once space is back',
    async () => {
      const csv = mediaCsv(20_000, 'MORE');
      const rowsBefore = await rowCount(t, datasetId);
      const ready = await preview(t, uploader, datasetId, 'more.csv', csv);
      expect(ready.status).toBe('READY');
      // The write-ahead log keeps the room earlier commits took: given back, so this commit must grow it.
      await sql`pragma wal_checkpoint(TRUNCATE)`.execute(t.db);
      fillLeaving(256 * 1024);

      const reply = await t.call('POST', `/api/uploads/${ready.id}/commit`, { token: uploader, body: { mode: 'APPEND' } });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      const failed = await settled(t, uploader, ready.id);
      expect(failed).toMatchObject({ status: 'FAIL', reason: OUT_OF_SPACE });
      expect(await rowCount(t, datasetId)).toBe(rowsBefore);
      // The failed commit's staging file is removed as the run ends, which may be just after its status is written.
      await expect.poll(() => readdirSync(join(mountPoint, 'uploads', '.staging'))).toEqual([]);
      await integrityOk(t);

      rmSync(filler);
      const again = await preview(t, uploader, datasetId, 'more.csv', csv);
      expect((await commit(t, uploader, again.id)).status).toBe('SUCCESS');
      expect(await rowCount(t, datasetId)).toBe(rowsBefore + 20_000);
      await integrityOk(t);
    },
    120_000,
  );
});
