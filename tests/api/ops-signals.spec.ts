// `npm start` exactly as an operator (or Docker, systemd, Kubernetes) runs it: the SIGTERM goes to
// npm's own PID, and nothing of the process tree npm started may outlive the grace period.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, getFresh } from './ops-child';

const GRACE_MS = 3000;
/** Room for npm itself to notice its child ended and exit, on 2 busy cores. */
const MARGIN_MS = 2000;

/**
 * A checkout with a fresh build: the repository's files by symlink and a dist/index.html newer
 * than every source, so `npm start` goes straight to serving without running vite (nor touching
 * the repository's own dist/).
 */
function checkoutWithBuild(root: string): void {
  for (const name of ['package.json', 'scripts', 'server', 'src', 'public', 'index.html', 'vite.config.ts', 'tsconfig.json', 'node_modules']) {
    if (existsSync(resolve(name))) symlinkSync(resolve(name), join(root, name));
  }
  mkdirSync(join(root, 'dist'));
  writeFileSync(join(root, 'dist', 'index.html'), '<!doctype html><title>Campaign Console</title>');
}

/** pid → [parent pid, state, command line] of every process, from /proc. */
function processTable(): Map<number, { ppid: number; state: string; cmd: string }> {
  const table = new Map<number, { ppid: number; state: string; cmd: string }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmd = readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
      table.set(Number(name), { ppid: Number(ppid), state, cmd });
    } catch {
      // gone meanwhile
    }
  }
  return table;
}

/** The process and all its descendants, with their command lines. */
function processTree(root: number): Array<{ pid: number; cmd: string }> {
  const table = processTable();
  const tree = [{ pid: root, cmd: table.get(root)?.cmd ?? '' }];
  for (let i = 0; i < tree.length; i++) {
    for (const [pid, entry] of table) if (entry.ppid === tree[i].pid) tree.push({ pid, cmd: entry.cmd });
  }
  return tree;
}

/** A zombie has exited; only its parent's bookkeeping is left. */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

interface NpmStart {
  npm: ChildProcess;
  port: number;
  output(): string;
  exited: Promise<number | null>;
}

const cleanup: Array<() => void> = [];
afterEach(() => {
  cleanup
    .splice(0)
    .reverse()
    .forEach((step) => step());
});

async function npmStart(): Promise<NpmStart> {
  const root = mkdtempSync(join(tmpdir(), 'console-npm-start-'));
  cleanup.push(() => rmSync(root, { recursive: true, force: true }));
  checkoutWithBuild(root);
  const port = await freePort();
  const npm = spawn('npm', ['start'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: join(root, 'data'),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
      ADMIN_PASSWORD: 'Admin#2024x',
      DATABASE_URL: '',
      JWT_SECRET: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pids = new Set<number>([npm.pid!]);
  // Whatever the test leaves behind (a failed assertion) is killed, by PID.
  cleanup.push(() =>
    [...pids].filter(running).forEach((pid) => {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone meanwhile
      }
    }),
  );
  let output = '';
  npm.stdout!.on('data', (chunk) => (output += chunk));
  npm.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((done) => npm.on('exit', (code) => done(code)));
  const startedAt = Date.now();
  for (;;) {
    processTree(npm.pid!).forEach(({ pid }) => pids.add(pid));
    const health = await getFresh(port, '/api/health').catch(() => undefined);
    if (health?.status === 200) break;
    if (npm.exitCode !== null || Date.now() - startedAt > 90_000) throw new Error(`npm start did not become ready; output:\n${output}`);
    await sleep(200);
  }
  return { npm, port, output: () => output, exited };
}

/** Sends SIGTERM to npm's PID; answers how long until every process of the tree was gone (or the processes left). */
async function terminate(started: NpmStart): Promise<{ leftAfterMs: number; left: Array<{ pid: number; cmd: string }> }> {
  const tree = processTree(started.npm.pid!);
  expect(tree.map((entry) => entry.cmd).join('\n'), 'the server runs under npm').toMatch(/scripts\/start\.mjs/);
  const signalledAt = Date.now();
  process.kill(started.npm.pid!, 'SIGTERM');
  const limit = GRACE_MS + MARGIN_MS;
  while (Date.now() - signalledAt < limit && tree.some(({ pid }) => running(pid))) await sleep(50);
  return { leftAfterMs: Date.now() - signalledAt, left: tree.filter(({ pid }) => running(pid)) };
}

describe('npm start and SIGTERM', () => {
  it('a SIGTERM to the npm process drains the server and leaves no process of the tree running', async () => {
    const started = await npmStart();
    const { left, leftAfterMs } = await terminate(started);
    expect(left, started.output()).toEqual([]);
    expect(leftAfterMs).toBeLessThan(GRACE_MS + MARGIN_MS);
    expect(await started.exited).toBe(0);
    expect(started.output()).toMatch(/SIGTERM received: no new connections/);
    expect(started.output()).toMatch(/Shut down cleanly/);
    await expect(getFresh(started.port, '/api/health')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  }, 120_000);

  it('the same with its stdout reader gone before the signal', async () => {
    const started = await npmStart();
    started.npm.stdout!.destroy();
    await sleep(100);
    // The server keeps serving with nobody reading its log.
    expect((await getFresh(started.port, '/api/health')).status).toBe(200);
    const { left, leftAfterMs } = await terminate(started);
    expect(left, started.output()).toEqual([]);
    expect(leftAfterMs).toBeLessThan(GRACE_MS + MARGIN_MS);
    expect(await started.exited).toBe(0); // a clean exit, not the grace period's nor the watchdog's
    await expect(getFresh(started.port, '/api/health')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  }, 120_000);
});
