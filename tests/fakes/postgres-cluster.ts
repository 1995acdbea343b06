import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** The PostgreSQL server binaries a test needs to run a cluster of its own. */
export const postgresBinariesPresent = existsSync(join(BIN, 'initdb')) && existsSync(join(BIN, 'pg_ctl'));

/** initdb refuses root: as root the cluster runs as the `postgres` OS user, otherwise as the caller. */
function asClusterUser(command: string, args: string[]): string {
  const root = process.getuid?.() === 0;
  const [file, argv] = root ? ['runuser', ['-u', 'postgres', '--', join(BIN, command), ...args]] : [join(BIN, command), args];
  return execFileSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * A PostgreSQL cluster of the test's own (initdb in a temporary folder, trust auth, 127.0.0.1 on
 * its own port), so a fault test can stop, start and cut it without touching any shared server.
 */
export class PostgresCluster {
  readonly dir = mkdtempSync(join(tmpdir(), 'console-pg-'));
  private readonly data = join(this.dir, 'data');

  constructor(readonly port: number) {
    chmodSync(this.dir, 0o700);
    if (process.getuid?.() === 0) {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
      chownSync(this.dir, uid, gid);
    }
    asClusterUser('initdb', ['-D', this.data, '--auth=trust', '--username=postgres', '--no-sync', '--encoding=UTF8', '--locale=C']);
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  /** Starts the server and waits until it accepts connections. */
  start(): void {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
    asClusterUser('pg_ctl', ['-D', this.data, '-l', join(this.dir, 'server.log'), '-o', options, '-w', '-t', '30', 'start']);
  }

  /** `pg_ctl stop -m fast`: every session is ended with "terminating connection due to administrator command". */
  stop(): void {
    asClusterUser('pg_ctl', ['-D', this.data, '-m', 'fast', '-w', 'stop']);
  }

  async query<Row extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<Row[]> {
    const client = new pg.Client({ connectionString: this.url });
    await client.connect();
    try {
      return (await client.query<Row>(text, values)).rows;
    } finally {
      await client.end();
    }
  }

  /** Stops the server if it runs and removes its folder. */
  destroy(): void {
    try {
      asClusterUser('pg_ctl', ['-D', this.data, '-m', 'immediate', 'stop']);
    } catch {
      // Not running.
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
