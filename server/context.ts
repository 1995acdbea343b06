import type { AppConfig } from './config';
import type { Clock } from './clock';
import type { Db } from './db/database';
import type { FileStore } from './files/store';
import type { SheetReader } from './files/sheet-reader';
import type { Mailer } from './mail/mailer';
import type { PasswordHasher } from './auth/passwords';
import type { TokenService } from './auth/tokens';
import type { LiveSessions } from './auth/live-sessions';
import type { Metrics } from './metrics/registry';
import type { SystemLogWriter } from './audit/system-log';
import type { LiveEvents } from './live/hub';

/** What every module needs, built once per app instance in buildApp. */
export interface AppContext {
  config: AppConfig;
  db: Db;
  clock: Clock;
  tokens: TokenService;
  passwords: PasswordHasher;
  mailer: Mailer;
  /** The guard's view of sessions (server/auth/live-sessions.ts). */
  sessions: LiveSessions;
  /** Record changes to the open event streams (server/live). */
  live: LiveEvents;
  /** Buffers each call's system-log row for a batched insert (server/audit/system-log.ts). */
  systemLog: SystemLogWriter;
  /** Where uploaded files live (FILE_STORE or DATA_DIR/uploads), one for the whole app. */
  files: FileStore;
  /** Reads an XLSX file's first sheet as uploads read one (an import's workbook), on a thread started on first use. */
  sheets: SheetReader;
  /** The instance's Prometheus metrics (server/metrics), served only when METRICS_PORT or METRICS_TOKEN is set. */
  metrics: Metrics;
}

/** The verified caller of an authenticated request, read from the database, not from the token. */
export interface SignedInAdmin {
  id: number;
  email: string;
  name: string;
  authority: string;
  rank: number;
  regionCode: string | null;
  countries: string[];
  approver: boolean;
  creator: boolean;
  /** Holds the UPLOADER manual permission. */
  uploader: boolean;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    admin?: SignedInAdmin;
  }
}
