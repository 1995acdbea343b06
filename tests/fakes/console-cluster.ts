import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, spawnServer, type ChildServer } from '../api/ops-child';
import { startLocalS3, useS3rverCredentials, type LocalS3 } from './s3-server';

export interface ClusterInstance {
  server: ChildServer;
  url: string;
  dataDir: string;
}

/**
 * Console processes as an operator runs them (`server/main.ts`, each with its own DATA_DIR) on one
 * PostgreSQL schema of `databaseUrl`, the local Redis and an s3rver bucket, behind a round-robin
 * proxy over the instances that are up. The scale-out test and bench/scale-out.ts share it.
 */
export class ConsoleCluster {
  readonly schema = `scale_${randomBytes(5).toString('hex')}`;
  readonly instances = new Map<string, ClusterInstance>();
  /** Processes that were stopped or killed, kept for their output (mailed codes). */
  readonly retired: ChildServer[] = [];
  proxyUrl = '';
  private s3: LocalS3 | undefined;
  private proxy: Server | undefined;
  private next = 0;
  private readonly dataDirs = new Set<string>();

  constructor(
    private readonly databaseUrl: string,
    private readonly env: Record<string, string> = {},
  ) {}

  async open(): Promise<void> {
    useS3rverCredentials();
    this.s3 = await startLocalS3(['console-files']);
    await this.query(`create schema ${this.schema}`);
    this.proxy = createServer((incoming, outgoing) => {
      const up = [...this.instances.values()].filter((instance) => instance.server.child.exitCode === null && instance.server.child.signalCode === null);
      const target = new URL(up[this.next++ % up.length].url);
      const forward = httpRequest({ host: target.hostname, port: target.port, path: incoming.url, method: incoming.method, headers: incoming.headers }, (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      });
      forward.on('error', () => outgoing.writeHead(502).end());
      incoming.pipe(forward);
    });
    await new Promise<void>((resolve) => this.proxy!.listen(0, '127.0.0.1', resolve));
    this.proxyUrl = `http://127.0.0.1:${(this.proxy.address() as AddressInfo).port}`;
  }

  /** Starts (or restarts, on the same DATA_DIR) the instance `name`; resolves once it serves. */
  async start(name: string, env: Record<string, string> = {}): Promise<ClusterInstance> {
    const port = await freePort();
    const dataDir = this.instances.get(name)?.dataDir ?? mkdtempSync(join(tmpdir(), `console-${name}-`));
    this.dataDirs.add(dataDir);
    const server = spawnServer('server/main.ts', {
      DATABASE_URL: `${this.databaseUrl}?options=${encodeURIComponent(`-c search_path=${this.schema}`)}`,
      REDIS_URL: 'redis://127.0.0.1:6379',
      FILE_STORE: 's3://console-files/cluster',
      AWS_ENDPOINT_URL: this.s3!.url,
      JWT_SECRET: 'cluster-secret-0123456789abcdef-0123456789',
      SECRETS_KEY: 'ab'.repeat(32),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://console.test',
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'info',
      ...this.env,
      ...env,
    });
    await server.waitFor(/Console ready/, 60_000);
    const instance = { server, url: `http://127.0.0.1:${port}`, dataDir };
    this.instances.set(name, instance);
    return instance;
  }

  /** Stops an instance (SIGTERM drains, SIGKILL does not) and keeps its output. */
  async stop(name: string, signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
    const { server } = this.instances.get(name)!;
    server.child.kill(signal);
    await server.exited;
    this.retired.push(server);
    if (signal === 'SIGKILL') this.instances.delete(name);
  }

  /** Everything every process printed, in start order. */
  output(): string {
    return [...this.retired, ...[...this.instances.values()].map((instance) => instance.server)].map((server) => server.output()).join('\n');
  }

  async query(text: string) {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    await client.connect();
    try {
      return await client.query(text);
    } finally {
      await client.end();
    }
  }

  async close(): Promise<void> {
    for (const { server } of this.instances.values()) {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
      await server.exited;
    }
    for (const dataDir of this.dataDirs) rmSync(dataDir, { recursive: true, force: true });
    this.proxy?.close();
    await this.s3?.close();
    await this.query(`drop schema if exists ${this.schema} cascade`);
  }
}
