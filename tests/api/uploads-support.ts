import { expect } from 'vitest';
import type { DatasetInput, UploadHistory } from '../../src/shared';
import type { TestApp } from './harness';

/** A media data set: date + campaign_id are the key. */
export const MEDIA_SCHEMA: DatasetInput['schemaInfo'] = [
  { colName: 'date', colType: 'DATE', required: true, key: true },
  { colName: 'campaign_id', colType: 'VARCHAR', required: true, key: true },
  { colName: 'channel', colType: 'VARCHAR', required: false, key: false },
  { colName: 'impressions', colType: 'VARCHAR', required: false, key: false },
];

let titles = 0;
export async function createDataset(t: TestApp, token: string, schemaInfo = MEDIA_SCHEMA, title = `Media set ${++titles}`): Promise<number> {
  const reply = await t.call('POST', '/api/datasets', { token, body: { title, dataType: 'MEDIA', description: 'Daily media', schemaInfo } });
  if (reply.status !== 200) throw new Error(JSON.stringify(reply.body));
  return reply.body.data.id;
}

/** A multipart body as a browser sends it: datasetId, then the file. */
export async function multipartBody(datasetId: number | string, fileName: string, bytes: Buffer): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  form.append('datasetId', String(datasetId));
  form.append('file', new Blob([new Uint8Array(bytes)]), fileName);
  const encoded = new Response(form);
  return { body: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! };
}

export async function postFile(t: TestApp, token: string, datasetId: number | string, fileName: string, content: Buffer | string) {
  const { body, contentType } = await multipartBody(datasetId, fileName, Buffer.isBuffer(content) ? content : Buffer.from(content));
  return t.call<UploadHistory>('POST', '/api/uploads', { token, body, headers: { 'content-type': contentType } });
}

/** Polls the upload until it leaves PARSING/COMMITTING. */
export async function settled(t: TestApp, token: string, uploadId: number, timeoutMs = 60_000): Promise<UploadHistory> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reply = await t.call<UploadHistory>('GET', `/api/uploads/${uploadId}`, { token });
    expect(reply.status).toBe(200);
    if (reply.body.data.status !== 'PARSING' && reply.body.data.status !== 'COMMITTING') return reply.body.data;
    if (Date.now() > deadline) throw new Error(`upload ${uploadId} still ${reply.body.data.status}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Uploads and waits for the preview. */
export async function preview(t: TestApp, token: string, datasetId: number, fileName: string, content: Buffer | string): Promise<UploadHistory> {
  const reply = await postFile(t, token, datasetId, fileName, content);
  if (reply.status !== 200) throw new Error(JSON.stringify(reply.body));
  return settled(t, token, reply.body.data.id);
}

export async function commit(t: TestApp, token: string, uploadId: number, mode: 'APPEND' | 'REPLACE' = 'APPEND'): Promise<UploadHistory> {
  const reply = await t.call('POST', `/api/uploads/${uploadId}/commit`, { token, body: { mode } });
  if (reply.status !== 200) throw new Error(JSON.stringify(reply.body));
  const done = await settled(t, token, uploadId);
  await stagedRowsRemoved(t, uploadId);
  return done;
}

/**
 * Waits (up to 10 s) for the commit's tidy-up after its answer: the staged rows' removal from the
 * file store, which clears the upload's staging_key. A test that compares the database before and
 * after its own work would otherwise see an earlier commit's tidy-up land in between (seen on
 * PostgreSQL under load). A removal the store refuses leaves the key for the sweep: the wait ends.
 */
async function stagedRowsRemoved(t: TestApp, uploadId: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  const stagingKey = async () => (await t.db.selectFrom('upload_histories').select('staging_key').where('id', '=', uploadId).executeTakeFirst())?.staging_key ?? null;
  while ((await stagingKey()) !== null && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** The data set's rows, values parsed, ordered by key. */
export async function datasetRows(t: TestApp, datasetId: number): Promise<{ key: string | null; upload: number; values: (string | null)[] }[]> {
  const rows = await t.db.selectFrom('dataset_rows').selectAll().where('dataset_id', '=', datasetId).orderBy('row_key').orderBy('row_values').execute();
  return rows.map((row) => ({ key: row.row_key, upload: row.upload_id, values: JSON.parse(row.row_values) }));
}
