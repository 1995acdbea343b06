// `npm start`: builds the browser app when it is missing or older than its sources, then becomes the
// server in this same process. No wrapper stays between the signal and the server: package.json runs
// this script with `exec`, so the shell npm starts is replaced by it and the SIGTERM/SIGINT that npm
// forwards (what Docker, systemd and Kubernetes send to `npm start`) reaches the server's handlers.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/** Runs a child to its end; a SIGTERM/SIGINT/SIGHUP meanwhile is passed on to it. Answers its exit code. */
function run(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: 'inherit' });
    const signals = ['SIGTERM', 'SIGINT', 'SIGHUP'];
    const forward = (signal) => child.kill(signal);
    signals.forEach((signal) => process.on(signal, forward));
    child.on('exit', (code, signal) => {
      signals.forEach((name) => process.off(name, forward));
      resolve(code ?? (signal ? 128 + ({ SIGHUP: 1, SIGINT: 2, SIGTERM: 15 }[signal] ?? 9) : 1));
    });
  });
}

const built = 'dist/index.html';
const sources = ['src', 'public', 'index.html', 'vite.config.ts'].filter(existsSync);
if (!existsSync(built) || Math.max(...sources.map(newestMtime)) > statSync(built).mtimeMs) {
  console.log('Building the browser app…');
  const status = await run(['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']);
  if (status !== 0) process.exit(status);
}

// The same TypeScript loader `node --import tsx` installs, then the server itself.
const { register: registerEsm } = await import('tsx/esm/api');
const { register: registerCjs } = await import('tsx/cjs/api');
registerCjs();
registerEsm();
await import('../server/main.ts');
