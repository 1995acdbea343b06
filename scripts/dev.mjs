// `npm run dev`: the API (restarting on change) on 8080 and Vite with hot reload on 5173.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';

// The server requires JWT_SECRET and SECRETS_KEY with DATABASE_URL (instances share sessions and
// stored secrets). For a dev run on PostgreSQL without them, random keys for this run: they survive
// the watch restarts, not the next `npm run dev`, so set them to keep secrets entered in dev.
const onPostgres = Boolean(process.env.DATABASE_URL);
const jwtSecret = process.env.JWT_SECRET || (onPostgres ? randomBytes(48).toString('base64url') : '');
const secretsKey = process.env.SECRETS_KEY || (onPostgres ? randomBytes(32).toString('hex') : '');
if (onPostgres && !process.env.SECRETS_KEY) console.log('SECRETS_KEY is unset: secrets entered in this dev run are sealed under a key that lasts for this run only.');

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/main.ts'], { stdio: 'inherit', env: { ...process.env, PORT: '8080', JWT_SECRET: jwtSecret, SECRETS_KEY: secretsKey } }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit', env: { ...process.env, API_PORT: '8080' } }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) =>
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
