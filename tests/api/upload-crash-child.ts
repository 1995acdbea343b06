/**
 * The crash test's child process: builds the app on the parent's data directory (and PostgreSQL
 * schema, if any), starts the commit of a previewed upload and prints its progress, one line
 * per poll, until the parent kills it with SIGKILL.
 * Usage: node --import tsx tests/api/upload-crash-child.ts <config JSON> <pg schema|-> <upload id> <access token>
 */
import { buildApp } from '../../server/app';
import type { AppConfig } from '../../server/config';
import { openDatabase } from '../../server/db/database';

const [configJson, pgSchema, uploadId, token] = process.argv.slice(2);
const config = JSON.parse(configJson) as AppConfig;
const db = openDatabase({ ...config, pgSchema: pgSchema === '-' ? undefined : pgSchema });
const app = await buildApp(config, { db, logger: false });
const headers = { authorization: `Bearer ${token}` };
const started = await app.inject({ method: 'POST', url: `/api/uploads/${uploadId}/commit`, payload: { mode: 'REPLACE' }, headers });
if (started.statusCode !== 200) {
  console.log(`REFUSED ${started.body}`);
  process.exit(1);
}
for (;;) {
  const progress = (await app.inject({ method: 'GET', url: `/api/uploads/${uploadId}/progress`, headers })).json().data;
  if (!progress.running) {
    const upload = (await app.inject({ method: 'GET', url: `/api/uploads/${uploadId}`, headers })).json().data;
    console.log(`ENDED ${upload.status} ${upload.reason ?? ''}`);
    process.exit(3);
  }
  console.log(`PROGRESS ${progress.done}`);
  await new Promise((resolve) => setTimeout(resolve, 10));
}
