// No container engine runs on our machines, so the Dockerfile and compose.yaml are held to what can
// be run here: the final image's file set (its COPY lines) started with its own CMD and ENV must
// pass its own HEALTHCHECK, and every console service of compose.yaml must pass the server's
// configuration check.
import { execFile, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { readServerEnv } from '../../server/config';
import { freePort } from './ops-child';

const dockerfile = readFileSync('Dockerfile', 'utf8');
/** The instructions of the Dockerfile's last stage, one per entry. */
const finalStage = dockerfile
  .split(/^FROM /m)
  .at(-1)!
  .split('\n')
  .filter((line) => /^[A-Z]+ /.test(line));
const instruction = (name: string) => finalStage.filter((line) => line.startsWith(`${name} `)).map((line) => line.slice(name.length + 1));

describe('Dockerfile', () => {
  it('runs as a non-root user with the server as PID 1 and a health check on /api/ready', () => {
    expect(instruction('USER')).toEqual(['node']);
    expect(JSON.parse(instruction('CMD')[0])[0]).toBe('node');
    expect(instruction('HEALTHCHECK')[0]).toContain('/api/ready');
    // Production dependencies only in the final image.
    expect(dockerfile).toContain('npm ci --omit=dev');
  });

  it("starts from the final stage's files with its CMD and ENV, and passes its own HEALTHCHECK", async () => {
    const root = mkdtempSync(join(tmpdir(), 'console-image-'));
    const dataDir = join(root, 'data');
    mkdirSync(dataDir);
    for (const copy of instruction('COPY')) {
      const parts = copy.split(' ');
      if (parts[0] === '--from=deps') symlinkSync(resolve('node_modules'), join(root, parts[2]));
      else if (parts[0] === '--from=build') {
        // The built app: a stand-in index.html is enough for the server to serve it.
        mkdirSync(join(root, parts[2]));
        writeFileSync(join(root, parts[2], 'index.html'), '<!doctype html><title>Campaign Console</title>');
      } else {
        const [sources, target] = [parts.slice(0, -1), parts.at(-1)!];
        for (const source of sources) cpSync(resolve(source), join(root, target.endsWith('/') ? join(target, source) : target), { recursive: true });
      }
    }
    const env: Record<string, string> = {};
    for (const line of instruction('ENV')) for (const [, name, value] of line.matchAll(/(\w+)=(\S+)/g)) env[name] = value;
    const port = String(await freePort());
    const childEnv = { PATH: process.env.PATH!, HOME: root, ...env, DATA_DIR: dataDir, PORT: port, HOST: '127.0.0.1', ADMIN_PASSWORD: 'Admin#2024x', COLLECT_SCHEDULER: 'off' };
    const [command, ...args] = JSON.parse(instruction('CMD')[0]) as string[];
    const server = spawn(command, args, { cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    server.stdout.on('data', (chunk) => (output += chunk));
    server.stderr.on('data', (chunk) => (output += chunk));
    try {
      const health = JSON.parse(instruction('HEALTHCHECK')[0].replace(/^.*?CMD /, '')) as string[];
      let healthy = false;
      for (let tries = 0; tries < 60 && !healthy && server.exitCode === null; tries++) {
        await sleep(500);
        healthy = await promisify(execFile)(health[0], health.slice(1), { env: childEnv }).then(
          () => true,
          () => false,
        );
      }
      expect(healthy, output).toBe(true);
      const page = await fetch(`http://127.0.0.1:${port}/sign-in`);
      expect(await page.text()).toContain('Campaign Console');
    } finally {
      server.kill('SIGTERM');
      await new Promise((done) => (server.exitCode !== null ? done(null) : server.once('exit', done)));
      rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('compose.yaml', () => {
  const compose = parse(readFileSync('compose.yaml', 'utf8'), { merge: true }) as { services: Record<string, { build?: string; environment?: Record<string, string>; volumes?: string[] }> };
  const consoles = Object.entries(compose.services).filter(([, service]) => service.build === '.');

  it('runs two console instances behind a load balancer, on PostgreSQL, Redis and an S3-compatible store', () => {
    expect(consoles.map(([name]) => name)).toEqual(['console-a', 'console-b']);
    expect(Object.keys(compose.services)).toEqual(expect.arrayContaining(['proxy', 'postgres', 'redis', 'minio']));
    const proxyConfig = readFileSync(compose.services.proxy.volumes![0].split(':')[0], 'utf8');
    for (const [name] of consoles) expect(proxyConfig).toContain(`server ${name}:8080`);
  });

  it('gives every console instance a configuration the server accepts, with the shared keys a shared database needs', () => {
    expect(consoles).toHaveLength(2);
    for (const [, service] of consoles) {
      const vars = readServerEnv(service.environment!);
      expect(vars).toMatchObject({ DATABASE_URL: expect.stringMatching(/^postgres:/), FILE_STORE: expect.stringMatching(/^s3:/), REDIS_URL: expect.any(String) });
    }
  });
});
