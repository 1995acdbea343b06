/**
 * The servers bench/calls.ts and bench/memory.ts load, each in a process of its own (so the load
 * generator does not share its event loop, and RSS is the server's alone): the real console with
 * 10,000 allowed domains, and a bare Fastify + better-sqlite3 server answering the same domains
 * page query and count, and a create, an edit and a delete each with its audit row in one
 * transaction, on the console's SQLite file.
 *
 *   node --import tsx bench/call-servers.ts console        (BENCH_SERVER_DATABASE_URL: on PostgreSQL)
 *   node --import tsx bench/call-servers.ts bare <sqlite file>
 *   node --import tsx bench/call-servers.ts bare-required <sqlite file>   (the bare server doing what every call must)
 *   node --import tsx bench/call-servers.ts bare-pg            (BENCH_SERVER_DATABASE_URL: the PostgreSQL console's schema)
 *
 * BENCH_SERVER_PORT pins the port a server listens on (a machine shared by several runs); any free one otherwise.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import SqliteDatabase from 'better-sqlite3';
import Fastify, { type FastifyInstance } from 'fastify';

export const DOMAINS = 10_000;
/** Page 1 of the domains list, in the console's default order. */
export const LIST_PATH = `/api/domains?range=${encodeURIComponent('[0,24]')}`;
export const CREATE_PATH = '/api/domains';
export const domainBody = (prefix: string) => (n: number) => JSON.stringify({ domain: `${prefix}${n}.example.net`, activeFlag: 'Y' });
/** An edit of a seeded domain: its own name kept, its description changed (so each save is a change the log records). */
export const editBody = (domain: string, n: number) => JSON.stringify({ domain, description: `Edited ${n}`, activeFlag: 'Y' });
/** The seeded domains, as bench/calls.ts edits them. */
export const benchDomain = (n: number) => `bench${n}.example.org`;
const port = Number(process.env.BENCH_SERVER_PORT ?? 0);

interface Ready {
  url: string;
  token?: string;
  /** The same person's second session, as a second screen of theirs (the console): its event stream hears the first one's saves. */
  screenToken?: string;
  sqlitePath?: string;
}

export interface ServerProcess extends Ready {
  rss(): Promise<number>;
  close(): Promise<void>;
}

/** Starts one server process and waits until it listens. */
export function spawnServer(args: string[], env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = fork(fileURLToPath(import.meta.url), args, { execArgv: ['--import', 'tsx'], env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  child.setMaxListeners(0);
  const next = <T>(type: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (message: { type: string } & T) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        resolve(message);
      };
      child.on('message', onMessage);
      child.once('exit', (code) => reject(new Error(`bench server ${args[0]} exited (${code})`)));
    });
  return next<Ready>('ready').then((ready) => ({
    ...ready,
    async rss() {
      const answer = next<{ rss: number }>('rss');
      child.send({ type: 'rss' });
      return (await answer).rss;
    },
    close: () => stop(child),
  }));
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.send({ type: 'close' });
  });
}

async function consoleServer() {
  // Imported here, so the bare server's process does not hold the console's code.
  const { BENCH_EMAIL, startBenchServer } = await import('./harness');
  const { startSession } = await import('../server/auth/sessions');
  const databaseUrl = process.env.BENCH_SERVER_DATABASE_URL || undefined;
  const server = await startBenchServer({ databaseUrl, passwordHash: { memoryCost: 4096, timeCost: 1, parallelism: 1 } }, { port });
  const now = new Date().toISOString();
  for (let start = 0; start < DOMAINS; start += 500) {
    await server.db
      .insertInto('domains')
      .values(
        Array.from({ length: 500 }, (_, i) => ({
          domain: benchDomain(start + i),
          description: `Bench domain ${start + i}`,
          active_flag: (start + i) % 4 ? 'Y' : 'N',
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
  // A real session, as the sign-in's last step starts it (the outbox keeps codes masked).
  const admin = await server.db.selectFrom('admins').select('id').where('email', '=', BENCH_EMAIL).executeTakeFirstOrThrow();
  const signedIn = await startSession(server.app.ctx, admin.id, '127.0.0.1', 'bench');
  const screen = await startSession(server.app.ctx, admin.id, '127.0.0.1', 'bench screen');
  return { ready: { url: server.address, token: signedIn.accessToken, screenToken: screen.accessToken, sqlitePath: databaseUrl ? undefined : server.config.sqlitePath }, close: server.close };
}

/**
 * The baseline: the same statements, prepared once, and nothing else (no auth, no validation, no
 * log). With `required`, it also does what the specification and record versions ask of every
 * authenticated list call, done the cheapest way known (requiredWork): its ratio to the baseline
 * is as high as any console's list ratio can reach on the machine.
 */
async function bareServer(sqlitePath: string, required = false) {
  const sqlite = new SqliteDatabase(sqlitePath);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  // The page size written into the statement, as the console writes it: SQLite prepares a statement
  // whose LIMIT is bound again on every run, which a careful server avoids (docs/decisions.md).
  const pages = new Map<number, SqliteDatabase.Statement>();
  const page = (limit: number) => {
    if (!Number.isSafeInteger(limit) || limit < 1) throw new Error(`page size ${limit}`);
    let statement = pages.get(limit);
    if (!statement) {
      statement = sqlite.prepare(
        `select id, domain, description, active_flag as activeFlag, created_at as createdAt, updated_at as updatedAt
           from domains order by domain asc, id asc limit ${limit} offset ?`,
      );
      pages.set(limit, statement);
    }
    return statement;
  };
  const count = sqlite.prepare('select count(*) as count from domains').pluck();
  const insert = sqlite.prepare(
    `insert into domains (domain, description, active_flag, created_at, updated_at) values (?, null, ?, ?, ?)
       returning id, domain, description, active_flag as activeFlag, created_at as createdAt, updated_at as updatedAt`,
  );
  const select = sqlite.prepare('select id, domain, description, active_flag as activeFlag, created_at as createdAt, updated_at as updatedAt from domains where id = ?');
  const update = sqlite.prepare('update domains set domain = ?, description = ?, active_flag = ?, updated_at = ? where id = ?');
  const remove = sqlite.prepare('delete from domains where id = ?');
  const audit = sqlite.prepare(
    `insert into activity_log (actor_id, actor_name, action, resource, record_id, record_name, params, changes, event_id, occurred_at)
       values (1, 'Bench', ?, 'domains', ?, ?, '{}', ?, 'bench', ?)`,
  );
  // Each write and its audit row in one transaction, as a careful hand-written server would.
  const created = sqlite.transaction((domain: string, activeFlag: string, now: string) => {
    const row = insert.all(domain, activeFlag, now, now)[0] as { id: number; domain: string };
    audit.run('create', String(row.id), row.domain, JSON.stringify([{ field: 'domain', before: null, after: row.domain }]), now);
    return row;
  });
  const updated = sqlite.transaction((id: number, body: { domain: string; description: string | null; activeFlag: string }, now: string) => {
    const before = select.get(id) as { domain: string; description: string | null } | undefined;
    if (!before) return undefined;
    update.run(body.domain, body.description, body.activeFlag, now, id);
    audit.run('update', String(id), body.domain, JSON.stringify([{ field: 'description', before: before.description, after: body.description }]), now);
    return select.get(id);
  });
  const deleted = sqlite.transaction((id: number, now: string) => {
    const row = select.get(id) as { domain: string } | undefined;
    if (!row) return undefined;
    remove.run(id);
    audit.run('delete', String(id), row.domain, JSON.stringify([{ field: 'domain', before: row.domain, after: null }]), now);
    return row;
  });
  // BEGIN IMMEDIATE (`.immediate`): a deferred transaction that reads and then writes fails at once with
  // SQLITE_BUSY when the console's own background writes (its system log, a session's renewal) land
  // between the read and the write, where busy_timeout does not wait; an immediate one waits its turn.
  const app = Fastify({ logger: false });
  const work = required ? await requiredWork(app, sqlite) : undefined;
  app.get<{ Querystring: { range?: string } }>('/api/domains', async (request) => {
    const [first, last] = JSON.parse(request.query.range ?? '[0,9]') as [number, number];
    const limit = last - first + 1;
    const totalCount = count.get() as number;
    const rows = page(limit).all(first) as DomainRow[];
    return {
      result: 'SUCCESS',
      resultMessage: 'Success',
      data: { list: work ? rows.map(work.versioned) : rows, totalCount, totalPage: Math.ceil(totalCount / limit), currentPage: first / limit + 1 },
    };
  });
  app.post<{ Body: { domain: string; activeFlag: string } }>('/api/domains', async (request) => {
    const now = new Date().toISOString();
    // all(), not get(): SQLite checkpoints its WAL only when a step reaches the statement's end,
    // so an `insert … returning` read with get() never checkpoints. The WAL then grows without
    // bound (770 MB in 6 s of this load) and the baseline skips the checkpoints any real server pays.
    return { result: 'SUCCESS', resultMessage: 'Success', data: created.immediate(request.body.domain, request.body.activeFlag, now) };
  });
  app.put<{ Params: { id: string }; Body: { domain: string; description: string | null; activeFlag: string } }>('/api/domains/:id', async (request, reply) => {
    const row = updated.immediate(Number(request.params.id), request.body, new Date().toISOString());
    return row ? { result: 'SUCCESS', resultMessage: 'Success', data: row } : reply.code(404).send({ result: 'NOT_FOUND' });
  });
  app.delete<{ Params: { id: string } }>('/api/domains/:id', async (request, reply) => {
    const row = deleted.immediate(Number(request.params.id), new Date().toISOString());
    return row ? { result: 'SUCCESS', resultMessage: 'Success', data: row } : reply.code(404).send({ result: 'NOT_FOUND' });
  });
  const url = await app.listen({ port, host: '127.0.0.1' });
  return { ready: { url, token: work?.token }, close: async () => (await app.close(), work?.flush(), sqlite.close()) };
}

interface DomainRow {
  id: number;
  domain: string;
  description: string | null;
  activeFlag: string;
}

/**
 * The per-call work no authenticated list may skip, each part at its cheapest:
 * - the token and its session checked, each found in memory (the console verifies a token's
 *   signature once and keeps its sessions' state in memory too);
 * - the security headers every answer carries, set in one call (the console's own function);
 * - one system-log row per API call, as the System Log screen lists them: an address's path and
 *   query written out once, a millisecond's time once, rows held in memory and written 25 ms at a
 *   time in one transaction of prepared inserts;
 * - each row's version (SHA-256 of its edited fields), kept by the row's values so an unchanged
 *   row is not hashed again.
 * Nothing else: no input or answer schema, no rate limit, no metrics, no reader's language.
 */
async function requiredWork(app: FastifyInstance, sqlite: SqliteDatabase.Database) {
  const token = randomBytes(32).toString('base64url');
  const sessionId = randomUUID();
  const tokens = new Map([[token, { sid: sessionId, exp: Math.floor(Date.now() / 1000) + 3600 }]]);
  const liveSessions = new Set([sessionId]);
  app.addHook('onRequest', (request, reply, done) => {
    const header = request.headers.authorization;
    const claims = header?.startsWith('Bearer ') ? tokens.get(header.slice(7)) : undefined;
    if (!claims || claims.exp <= Date.now() / 1000 || !liveSessions.has(claims.sid)) return void reply.code(401).send({ result: 'UNAUTHORIZED' });
    done();
  });
  const { securityHeaders } = await import('../server/http/security-headers');
  securityHeaders(app, []);

  const insert = sqlite.prepare(
    `insert into system_logs (admin_id, email, event_id, end_point, http_method, http_status, query_param, request_body, request_at, source_ip)
       values (1, 'admin@example.com', ?, ?, ?, ?, ?, null, ?, ?)`,
  );
  let pending: unknown[][] = [];
  const write = sqlite.transaction((rows: unknown[][]) => rows.forEach((row) => insert.run(row)));
  const flush = () => {
    const rows = pending;
    pending = [];
    if (rows.length) write.immediate(rows);
  };
  setInterval(flush, 25).unref();
  const addresses = new Map<string, [string, string | null]>();
  let lastMs = 0;
  let lastTime = '';
  app.addHook('onResponse', (request, reply, done) => {
    let address = addresses.get(request.url);
    if (!address) {
      const [path, query] = request.url.split('?', 2);
      address = [path, query ? JSON.stringify(Object.fromEntries(new URLSearchParams(query))) : null];
      if (addresses.size < 1000) addresses.set(request.url, address);
    }
    const ms = Date.now();
    if (ms !== lastMs) [lastMs, lastTime] = [ms, new Date(ms).toISOString()];
    pending.push([request.id, address[0], request.method, reply.statusCode, address[1], lastTime, request.ip]);
    done();
  });

  const seen = new Map<number, { row: DomainRow; version: string }>();
  const versioned = (row: DomainRow) => {
    let known = seen.get(row.id);
    if (!known || known.row.domain !== row.domain || known.row.description !== row.description || known.row.activeFlag !== row.activeFlag) {
      const digest = createHash('sha256')
        .update(JSON.stringify([row.id, row.domain, row.description, row.activeFlag]))
        .digest('base64url');
      // A string of its own: JSON.stringify writes a slice of another string on its slow path.
      known = { row, version: Buffer.from(digest.slice(0, 22), 'latin1').toString('latin1') };
      seen.set(row.id, known);
    }
    return { ...row, version: known.version };
  };
  return { token, versioned, flush };
}

/**
 * The bare server's list and edit on PostgreSQL (node-postgres, 10 connections as the console's pool,
 * named prepared statements), on the PostgreSQL console's tables: what the database itself costs on
 * this machine against SQLite, the yardstick the console's own PostgreSQL / SQLite ratio is read by.
 */
async function barePgServer(connectionString: string) {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString, max: 10 });
  const columns = 'id, domain, description, active_flag as "activeFlag", created_at as "createdAt", updated_at as "updatedAt"';
  const app = Fastify({ logger: false });
  app.get<{ Querystring: { range?: string } }>('/api/domains', async (request) => {
    const [first, last] = JSON.parse(request.query.range ?? '[0,9]') as [number, number];
    const limit = last - first + 1;
    const client = await pool.connect();
    try {
      const { rows } = await client.query({ name: 'page', text: `select ${columns} from domains order by domain asc, id asc limit $1 offset $2`, values: [limit, first] });
      const totalCount = Number((await client.query({ name: 'count', text: 'select count(*) as count from domains' })).rows[0].count);
      return { result: 'SUCCESS', resultMessage: 'Success', data: { list: rows, totalCount, totalPage: Math.ceil(totalCount / limit), currentPage: first / limit + 1 } };
    } finally {
      client.release();
    }
  });
  app.put<{ Params: { id: string }; Body: { domain: string; description: string | null; activeFlag: string } }>('/api/domains/:id', async (request, reply) => {
    const id = Number(request.params.id);
    const { domain, description, activeFlag } = request.body;
    const now = new Date().toISOString();
    const client = await pool.connect();
    try {
      await client.query('begin');
      const before = (await client.query({ name: 'lock', text: 'select description from domains where id = $1 for update', values: [id] })).rows[0] as { description: string | null } | undefined;
      if (!before) {
        await client.query('rollback');
        return reply.code(404).send({ result: 'NOT_FOUND' });
      }
      await client.query({
        name: 'update',
        text: 'update domains set domain = $1, description = $2, active_flag = $3, updated_at = $4 where id = $5',
        values: [domain, description, activeFlag, now, id],
      });
      await client.query({
        name: 'audit',
        text: `insert into activity_log (actor_id, actor_name, action, resource, record_id, record_name, params, changes, event_id, occurred_at)
                 values (1, 'Bench', 'update', 'domains', $1, $2, '{}', $3, 'bench', $4)`,
        values: [String(id), domain, JSON.stringify([{ field: 'description', before: before.description, after: description }]), now],
      });
      const row = (await client.query({ name: 'read', text: `select ${columns} from domains where id = $1`, values: [id] })).rows[0];
      await client.query('commit');
      return { result: 'SUCCESS', resultMessage: 'Success', data: row };
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  });
  const url = await app.listen({ port, host: '127.0.0.1' });
  return { ready: { url }, close: async () => (await app.close(), await pool.end()) };
}

if (process.send && process.argv[1] === fileURLToPath(import.meta.url)) {
  const [kind, sqlitePath] = process.argv.slice(2);
  const server =
    kind === 'bare' || kind === 'bare-required'
      ? await bareServer(sqlitePath, kind === 'bare-required')
      : kind === 'bare-pg'
        ? await barePgServer(process.env.BENCH_SERVER_DATABASE_URL!)
        : await consoleServer();
  process.on('message', async (message: { type: string }) => {
    if (message.type === 'rss') process.send!({ type: 'rss', rss: process.memoryUsage.rss() });
    if (message.type === 'close') {
      await server.close();
      process.exit(0);
    }
  });
  process.send({ type: 'ready', ...server.ready });
}
