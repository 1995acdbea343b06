import { existsSync } from 'node:fs';
import SqliteDatabase from 'better-sqlite3';
import { isSqlite, type Db } from '../db/database';

/** What the guard needs to know of a session and its account, as the database holds them now. */
export interface LiveSession {
  revoked_at: string | null;
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  authority: string;
  status_code: string;
  approval_status_code: string;
  region_code: string | null;
  approver_flag: string;
}

export interface LiveSessions {
  find(sessionId: string): Promise<LiveSession | undefined>;
  close(): void;
}

/**
 * Reads sessions for the guard. On SQLite it uses a read-only connection of its own: Kysely's one
 * connection is held for the whole of an upload commit, and a WAL reader sees the last committed
 * state without waiting, so every route, the upload's progress poll included, checks the live
 * session even then. A sign-out is a write, so it is visible as soon as it is committed.
 */
export function liveSessions(db: Db, sqlitePath: string): LiveSessions {
  if (!isSqlite(db) || !existsSync(sqlitePath)) {
    return {
      find: (sessionId) => db
        .selectFrom('sessions')
        .innerJoin('admins', 'admins.id', 'sessions.admin_id')
        .select(['sessions.revoked_at', 'admins.id', 'admins.email', 'admins.first_name', 'admins.last_name', 'admins.authority', 'admins.status_code', 'admins.approval_status_code', 'admins.region_code', 'admins.approver_flag'])
        .where('sessions.id', '=', sessionId)
        .executeTakeFirst(),
      close() {},
    };
  }
  const reader = new SqliteDatabase(sqlitePath, { readonly: true, fileMustExist: true });
  reader.pragma('busy_timeout = 5000');
  const statement = reader.prepare<[string], LiveSession>(
    `select s.revoked_at, a.id, a.email, a.first_name, a.last_name, a.authority, a.status_code, a.approval_status_code, a.region_code, a.approver_flag
       from sessions s join admins a on a.id = s.admin_id where s.id = ?`,
  );
  return {
    find: async (sessionId) => statement.get(sessionId),
    close: () => reader.close(),
  };
}
