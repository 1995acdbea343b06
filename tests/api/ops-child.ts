import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { createServer } from 'node:net';

/** A server in a child process, with its output collected and its exit awaited. */
export interface ChildServer {
  child: ChildProcess;
  output(): string;
  /** Resolves when a line of output matches. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  exited: Promise<{ code: number | null; atMs: number }>;
}

export function spawnServer(script: string, env: NodeJS.ProcessEnv): ChildServer {
  const child = spawn(process.execPath, ['--import', 'tsx', script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const waiters: Array<() => void> = [];
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    waiters.forEach((wake) => wake());
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<{ code: number | null; atMs: number }>((resolve) => child.on('exit', (code) => resolve({ code, atMs: Date.now() })));
  return {
    child,
    output: () => output,
    exited,
    waitFor(pattern, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`timed out waiting for ${pattern}; output:\n${output}`)), timeoutMs);
        const check = () => {
          const match = output.match(pattern);
          if (match) {
            clearTimeout(timer);
            resolve(match);
          }
        };
        waiters.push(check);
        void exited.then(() => {
          check();
          reject(new Error(`exited before ${pattern}; output:\n${output}`));
        });
        check();
      });
    },
  };
}

/** A GET on a fresh connection (no keep-alive agent), answering status and body or the socket error. */
export function getFresh(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A port free on 127.0.0.1 right now, for a child server to listen on. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}
