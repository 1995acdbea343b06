/**
 * The mail fault test's child process: builds the app on the parent's data directory (and
 * PostgreSQL schema, if any), signs the given accounts in, so each is mailed a code its mail
 * server never takes (the parent points SMTP_URL at a listener that never answers), prints each
 * sign-in's challenge and then waits for the parent's SIGKILL.
 * Usage: node --import tsx tests/api/fault-mail-child.ts <config JSON> <pg schema|-> <password> <e-mail>...
 */
import { buildApp } from '../../server/app';
import type { AppConfig } from '../../server/config';
import { openDatabase } from '../../server/db/database';

const [configJson, pgSchema, password, ...emails] = process.argv.slice(2);
const config = JSON.parse(configJson) as AppConfig;
const db = openDatabase({ ...config, pgSchema: pgSchema === '-' ? undefined : pgSchema });
const app = await buildApp(config, { db, logger: false });
for (const email of emails) {
  const reply = await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password } });
  console.log(`CHALLENGE ${email} ${reply.json().data?.challengeToken ?? reply.body}`);
}
console.log('SIGNED IN');
setInterval(() => undefined, 60_000);
