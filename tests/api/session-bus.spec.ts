// On PostgreSQL a session change is answered only once every instance listening on the database has
// applied it: the publisher waits for each bus connection's acknowledgement, not for a fixed delay,
// and an instance that never answers delays it only up to the timeout.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../server/db/database';
import { busNames, sessionBus, type BusNotice, type SessionBus } from '../../server/auth/session-bus';
import { busListening } from './harness';

const url = process.env.TEST_DATABASE_URL;
const ECHO_TIMEOUT_MS = 2000;

/** An instance on its own database handle (its own pool and listener). */
function instance(): { db: Db; bus: SessionBus } {
  const db = openDatabase({ databaseUrl: url, sqlitePath: '/nonexistent' });
  return { db, bus: sessionBus(db) };
}

/**
 * A listener registered as a bus that acknowledges each change `delayMs` after hearing it, or never.
 * `ackedAt`: when it sent each change's acknowledgement (other files on the database publish too).
 */
async function foreignListener(delayMs: number | undefined): Promise<{ ackedAt: Map<string, number>; close(): Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  const ackedAt = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();
  client.on('notification', ({ payload = '' }) => {
    const { echo, ...change } = JSON.parse(payload) as { echo: string };
    if (delayMs === undefined) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      ackedAt.set(JSON.stringify(change), performance.now());
      // Rejected only once closed, acknowledging another file's change.
      client.query('select pg_notify($1, $2)', [names.acks, echo]).catch(() => undefined);
    }, delayMs);
    timers.add(timer);
  });
  await client.connect();
  // The bus's wire protocol, as another instance (another version of the server) speaks it.
  const { rows } = await client.query<{ schema: string }>('select current_schema() as schema');
  const names = busNames(rows[0].schema);
  await client.query(`LISTEN ${names.changes}`);
  await client.query(`SET application_name = '${names.applicationName}'`);
  return {
    ackedAt,
    close: async () => {
      timers.forEach(clearTimeout);
      await client.end();
    },
  };
}

describe.skipIf(!url)('the session bus on PostgreSQL', () => {
  let publisher: ReturnType<typeof instance>;
  let other: ReturnType<typeof instance>;
  const heard: (BusNotice | undefined)[] = [];

  beforeAll(async () => {
    publisher = instance();
    other = instance();
    other.bus.subscribe((change) => void heard.push(change));
    await Promise.all([busListening(publisher.bus), busListening(other.bus)]);
  });
  afterAll(async () => {
    for (const { db, bus } of [publisher, other]) {
      await bus?.close();
      await db?.destroy();
    }
  });

  it('acknowledges changes heard together one at a time on its listening connection, as pg 9 needs', async () => {
    const warnings: string[] = [];
    const heard = (warning: Error) => warnings.push(warning.message);
    process.on('warning', heard);
    try {
      await Promise.all(Array.from({ length: 5 }, (_, n) => publisher.bus.publish({ sessionId: `together-${n}` })));
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((message) => message.includes('already executing a query'))).toEqual([]);
    } finally {
      process.off('warning', heard);
    }
  });

  it('answers only after a slow instance has acknowledged, and the other instance has applied the change', async () => {
    const slow = await foreignListener(300);
    try {
      const started = performance.now();
      await publisher.bus.publish({ sessionId: 'slow-ack' });
      const answered = performance.now();
      expect(slow.ackedAt.get(JSON.stringify({ sessionId: 'slow-ack' }))).toBeLessThanOrEqual(answered);
      expect(answered - started).toBeGreaterThanOrEqual(295);
      expect(heard).toContainEqual({ sessionId: 'slow-ack' });
    } finally {
      await slow.close();
    }
  });

  it('answers at the timeout, not never, when an instance does not acknowledge', async () => {
    const silent = await foreignListener(undefined);
    try {
      const started = performance.now();
      await publisher.bus.publish({ adminId: 1 });
      expect(performance.now() - started).toBeGreaterThanOrEqual(ECHO_TIMEOUT_MS - 5);
      expect(heard).toContainEqual({ adminId: 1 });
    } finally {
      await silent.close();
    }
  });
});
