// `npm run dev`: the API (restarting on change) on 8080 and Vite with hot reload on 5173.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';

// The server requires JWT_SECRET with DATABASE_URL (instances share sessions). For a dev run on
// PostgreSQL without one, a random key for this run (it survives the watch restarts, not `npm run dev`).
const jwtSecret = process.env.JWT_SECRET || (process.env.DATABASE_URL ? randomBytes(48).toString('base64url') : '');

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/main.ts'], { stdio: 'inherit', env: { ...process.env, PORT: '8080', JWT_SECRET: jwtSecret } }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit', env: { ...process.env, API_PORT: '8080' } }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', (code) => { stop(); process.exitCode = code ?? 0; }));
