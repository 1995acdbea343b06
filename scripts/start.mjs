// `npm start`: builds the browser app when it is missing or older than its sources, then serves.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

const built = 'dist/index.html';
const sources = ['src', 'public', 'index.html', 'vite.config.ts'].filter(existsSync);
if (!existsSync(built) || Math.max(...sources.map(newestMtime)) > statSync(built).mtimeMs) {
  console.log('Building the browser app…');
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const server = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: 'inherit' });
process.exit(server.status ?? 1);
