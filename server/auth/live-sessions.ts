import { existsSync } from 'node:fs';
import SqliteDatabase from 'better-sqlite3';
import { BoundedMap } from '../bounded-map';
import { isSqlite, whenCommitted, type Db } from '../db/database';
import { sessionBus, type BusNotice, type SessionBus, type SessionChange } from './session-bus';

export type { SessionChange };

/** What the guard needs to know of a session and its account, as the database holds them now. */
export interface LiveSession {
  revoked_at: string | null;
  /** Why it was ended (sessions.revoke_reason): the 401 names it so the next screen says why. */
  revoke_reason: string | null;
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  authority: string;
  status_code: string;
  approval_status_code: string;
  region_code: string | null;
  approver_flag: string;
  creator_flag: string;
  uploader_flag: string;
  must_change_password: string;
}

export interface LiveSessions {
  find(sessionId: string): Promise<LiveSession | undefined>;
  /**
   * Call after every committed write that ends a session or changes what an account may do
   * (sign-out, revocation, status, password, rank, flags, permissions): each instance forgets it.
   */
  changed(change: SessionChange): Promise<void>;
  close(): Promise<void>;
  /** The instances' bus, which record changes share (server/live). */
  bus: SessionBus;
}

const ACCOUNT_COLUMNS = [
  'id',
  'email',
  'first_name',
  'last_name',
  'authority',
  'status_code',
  'approval_status_code',
  'region_code',
  'approver_flag',
  'creator_flag',
  'uploader_flag',
  'must_change_password',
] as const;
/** Bounds memory; an evicted session is simply read again. */
const MAX_CACHED = 10_000;
/** A backstop for writes made behind the server's back (a script on the database); changes made through it apply at once. */
const CACHE_TTL_MS = 60_000;

interface Cached {
  session: LiveSession;
  until: number;
}

/**
 * The guard's view of sessions: read once, then served from memory until a change is published
 * (server/auth/session-bus.ts) — so a sign-out or a revoked permission still applies to the very
 * next request, on every instance, without a query on every call.
 */
export function liveSessions(db: Db, sqlitePath: string): LiveSessions {
  const reader = sessionReader(db, sqlitePath);
  const bus = sessionBus(db);
  const cache = new BoundedMap<string, Cached>(MAX_CACHED);
  // Bumped by every change: a read that started before a change must not be cached after it.
  let generation = 0;

  const forget = (change: BusNotice | undefined) => {
    if (change && 'deleting' in change) return;
    generation++;
    if (!change) return cache.clear();
    if ('sessionId' in change) return void cache.delete(change.sessionId);
    for (const [key, entry] of cache) if (entry.session.id === change.adminId) cache.delete(key);
  };
  bus.subscribe(forget);

  return {
    bus,
    async find(sessionId) {
      const now = performance.now();
      const hit = cache.get(sessionId);
      if (hit && hit.until > now && bus.trusted) return hit.session;
      const startedAt = generation;
      const session = await reader.read(sessionId);
      if (session && bus.trusted && startedAt === generation) {
        cache.set(sessionId, { session, until: now + CACHE_TTL_MS });
      }
      return session;
    },
    async changed(change) {
      // After the change commits: told sooner, an instance (this one too) could cache the old row again.
      await whenCommitted(async () => {
        forget(change);
        await bus.publish(change);
      });
    },
    async close() {
      await bus.close();
      reader.close();
    },
  };
}

/**
 * On SQLite a read-only connection of its own: Kysely's one connection is held for the whole of
 * an upload commit, and a WAL reader sees the last committed state without waiting, so every
 * route, the upload's progress poll included, checks the live session even then.
 */
function sessionReader(db: Db, sqlitePath: string): { read(sessionId: string): Promise<LiveSession | undefined>; close(): void } {
  if (!isSqlite(db) || !existsSync(sqlitePath)) {
    return {
      read: (sessionId) =>
        db
          .selectFrom('sessions')
          .innerJoin('admins', 'admins.id', 'sessions.admin_id')
          .select(['sessions.revoked_at', 'sessions.revoke_reason', ...ACCOUNT_COLUMNS.map((column) => `admins.${column}` as const)])
          .where('sessions.id', '=', sessionId)
          .executeTakeFirst(),
      close() {},
    };
  }
  const connection = new SqliteDatabase(sqlitePath, { readonly: true, fileMustExist: true });
  connection.pragma('busy_timeout = 5000');
  const statement = connection.prepare<[string], LiveSession>(
    `select s.revoked_at, s.revoke_reason, ${ACCOUNT_COLUMNS.map((column) => `a.${column}`).join(', ')} from sessions s join admins a on a.id = s.admin_id where s.id = ?`,
  );
  return {
    read: async (sessionId) => statement.get(sessionId),
    close: () => connection.close(),
  };
}
