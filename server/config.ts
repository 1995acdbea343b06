import { z } from 'zod';
import { emailSchema, passwordSchema } from '../src/shared/validation';
import { OTP_RESEND_INTERVAL_SECONDS } from '../src/shared/constants';
import { YES_NO } from '../src/shared/fields';
import { parseOutboundAllow } from './outbound/outbound-policy';

const commaList = (text: string) =>
  text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

/** 32 random bytes as 64 hex characters (e.g. `openssl rand -hex 32`). */
export const SECRETS_KEY_PATTERN = /^[0-9a-f]{64}$/i;

/** How long the file store may take for an answer or for the next bytes of a transfer before the call fails (FILE_STORE_TIMEOUT_MS). */
export const FILE_STORE_TIMEOUT_MS = 10_000;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Campaign Console <no-reply@console.local>'),
  ADMIN_EMAIL: emailSchema.optional(),
  ADMIN_PASSWORD: passwordSchema.optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  PUBLIC_URL: z.url('PUBLIC_URL must be a URL').optional(),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TABLEAU_SERVER_URL: z.url('TABLEAU_SERVER_URL must be a URL').optional(),
  TABLEAU_SITE: z.string().optional(),
  TABLEAU_CLIENT_ID: z.string().optional(),
  TABLEAU_SECRET_ID: z.string().optional(),
  TABLEAU_SECRET_VALUE: z.string().optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// or rediss:// URL')
    .optional(),
  OUTBOUND_ALLOW: z
    .string()
    .transform(commaList)
    .superRefine((entries, context) => {
      try {
        parseOutboundAllow(entries);
      } catch (error) {
        context.addIssue({ code: 'custom', message: `OUTBOUND_ALLOW: ${(error as Error).message} (use host names, addresses or CIDR networks, comma-separated)` });
      }
    })
    .default([]),
  SECRETS_KEY: z
    .string()
    .transform(commaList)
    .refine(
      (keys) => keys.length > 0 && keys.every((key) => SECRETS_KEY_PATTERN.test(key)),
      'SECRETS_KEY must be 64 hex characters (32 bytes, e.g. openssl rand -hex 32), several comma-separated, newest first',
    )
    .optional(),
  MAIL_RETENTION_DAYS: z.coerce.number().int().min(1, 'MAIL_RETENTION_DAYS must be 1 or more').max(3650).default(30),
  MAIL_LEASE_MS: z.coerce.number().int().min(1000, 'MAIL_LEASE_MS must be at least 1000').optional(),
  SMTP_TIMEOUT_MS: z.coerce.number().int().min(100, 'SMTP_TIMEOUT_MS must be at least 100').optional(),
  FILE_STORE: z
    .string()
    .regex(/^(s3|gs):\/\/[a-z0-9][a-z0-9._-]{1,220}[a-z0-9](\/.*)?$/, 'FILE_STORE must be s3://bucket[/prefix] or gs://bucket[/prefix] (unset: files stay in DATA_DIR/uploads)')
    .optional(),
  FILE_STORE_TIMEOUT_MS: z.coerce.number().int().min(100, 'FILE_STORE_TIMEOUT_MS must be at least 100').default(FILE_STORE_TIMEOUT_MS),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0, 'SHUTDOWN_GRACE_MS must be 0 or more').default(30_000),
  SEED_DEMO: z.enum(YES_NO, 'SEED_DEMO must be Y or N').default('N'),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535, 'METRICS_PORT must be a port number').optional(),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters (e.g. openssl rand -hex 16)').optional(),
  UPLOAD_LEASE_MS: z.coerce.number().int().min(1000, 'UPLOAD_LEASE_MS must be at least 1000').default(30_000),
  LOG_REQUESTS: z.enum(['true', 'false'], 'LOG_REQUESTS must be true or false').default('false'),
  COLLECT_SCHEDULER: z.enum(['on', 'off'], 'COLLECT_SCHEDULER must be on or off').default('on'),
  COLLECT_POLL_MS: z.coerce.number().int().min(100, 'COLLECT_POLL_MS must be at least 100').default(5000),
  COLLECT_LEASE_MS: z.coerce.number().int().min(1000, 'COLLECT_LEASE_MS must be at least 1000').default(120_000),
  COLLECT_MAX_ATTEMPTS: z.coerce.number().int().min(1, 'COLLECT_MAX_ATTEMPTS must be 1 or more').max(20).default(3),
  COLLECT_RETRY_BASE_MS: z.coerce.number().int().min(0, 'COLLECT_RETRY_BASE_MS must be 0 or more').default(60_000),
  COLLECT_SUSPEND_AFTER: z.coerce.number().int().min(1, 'COLLECT_SUSPEND_AFTER must be 1 or more').default(5),
  COLLECT_CONCURRENCY: z.coerce.number().int().min(1, 'COLLECT_CONCURRENCY must be 1 or more').max(16, 'COLLECT_CONCURRENCY is at most 16').default(1),
});

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

/** The whole configuration of one server instance; tests build it directly. */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** SQLite file used when databaseUrl is unset. */
  sqlitePath: string;
  smtpUrl?: string;
  mailFrom: string;
  adminEmail?: string;
  adminPassword?: string;
  jwtSecret: string;
  /**
   * Keys (64 hex characters) that seal stored secrets, newest first: the newest seals, all open.
   * Values sealed before SECRETS_KEY existed (v1) open with a key derived from jwtSecret.
   */
  secretsKeys: string[];
  /** Host names, addresses and CIDR networks outbound calls may reach although not public (OUTBOUND_ALLOW). */
  outboundAllow: string[];
  /** Tests only (no variable sets it): the folder a Snowflake LOCAL_FS stage, as the tests' stub answers, may write into; unset refuses such stages. */
  snowflakeLocalStageDir?: string;
  publicUrl: string;
  trustProxy: boolean;
  logLevel: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  bodyLimitBytes: number;
  /** Per-IP and per-e-mail limits on the auth endpoints that can be abused. */
  rateLimits: { perIp: RateLimitRule; perEmail: RateLimitRule };
  otpResendIntervalMs: number;
  lockout: { maxFailures: number; lockMinutes: number };
  /** argon2id cost: above OWASP's floor (m 19 MiB, t 2) so a sign-in costs 50–500 ms of CPU (bench/auth.ts). Tests lower it. */
  passwordHash: { memoryCost: number; timeCost: number; parallelism: number };
  /** Tableau Connected App (direct trust) for embedded dashboards; unset means dashboards are off. */
  tableau?: TableauConfig;
  /** Shared store for rate limits across instances; unset keeps them in process. */
  redisUrl?: string;
  /** Prefix of every Redis key, so deployments (and test runs) sharing a Redis stay apart. */
  redisKeyPrefix: string;
  /** Days a sent mail stays in mail_outbox (its secrets masked) before the hourly prune removes it. */
  mailRetentionDays: number;
  /** How long a queued or sending mail stays its instance's before another takes it over (MAIL_LEASE_MS in server/mail/mailer.ts when unset). */
  mailLeaseMs?: number;
  /** How long the mail server may take to accept, greet or answer before the mail fails (SMTP_TIMEOUT_MS in server/mail/mailer.ts when unset). */
  smtpTimeoutMs?: number;
  /**
   * FILE_STORE: the bucket uploaded files live in; unset keeps them in DATA_DIR/uploads. The
   * endpoint is AWS_ENDPOINT_URL (S3-compatible servers) or STORAGE_EMULATOR_HOST (GCS emulators).
   */
  fileStore?: { url: string; endpoint?: string; timeoutMs?: number };
  /** How long a SIGTERM/SIGINT may take to drain requests before the process exits non-zero. */
  shutdownGraceMs: number;
  /** SEED_DEMO=Y: fill a new database with the demo sample on its first start. */
  seedDemo?: boolean;
  /** METRICS_PORT: Prometheus metrics on a port of their own (0: any free port). */
  metricsPort?: number;
  /** METRICS_TOKEN: Prometheus metrics on the public port, to a bearer of this token. */
  metricsToken?: string;
  /** How long an upload stays an instance's without renewal before others fail it as interrupted (30 s when unset). */
  uploadLeaseMs?: number;
  /** LOG_REQUESTS=true: one JSON line per request on stdout. */
  logRequests: boolean;
  /** The in-process collect scheduler. */
  collect: CollectSettings;
}

export interface CollectSettings {
  /** Off: buildApp creates the scheduler but never polls (tests call tick()). */
  schedulerEnabled: boolean;
  pollMs: number;
  /** How long a claimed task is owned before another instance may take it over; renewed while it runs. */
  leaseMs: number;
  maxAttempts: number;
  /** Backoff before retry n is retryBaseMs × 2^(n-1). */
  retryBaseMs: number;
  /** Failed tasks in a row that suspend a collect config. */
  suspendAfter: number;
  /** Tasks this instance runs at once (1 when unset). */
  concurrency?: number;
}

export function collectFromEnv(vars: z.infer<typeof envSchema>): CollectSettings {
  return {
    schedulerEnabled: vars.COLLECT_SCHEDULER === 'on',
    pollMs: vars.COLLECT_POLL_MS,
    leaseMs: vars.COLLECT_LEASE_MS,
    maxAttempts: vars.COLLECT_MAX_ATTEMPTS,
    retryBaseMs: vars.COLLECT_RETRY_BASE_MS,
    suspendAfter: vars.COLLECT_SUSPEND_AFTER,
    concurrency: vars.COLLECT_CONCURRENCY,
  };
}

export interface TableauConfig {
  /** e.g. https://tableau.example.com; views load from `<serverUrl>[/t/<site>]/views/<viewName>`. */
  serverUrl: string;
  /** Site content URL; empty for the default site. */
  site: string;
  clientId: string;
  secretId: string;
  secretValue: string;
}

/** The Tableau settings when all four required variables are set, else undefined. */
export function tableauFromEnv(vars: z.infer<typeof envSchema>): TableauConfig | undefined {
  const { TABLEAU_SERVER_URL: serverUrl, TABLEAU_CLIENT_ID: clientId, TABLEAU_SECRET_ID: secretId, TABLEAU_SECRET_VALUE: secretValue } = vars;
  if (!serverUrl || !clientId || !secretId || !secretValue) return undefined;
  return { serverUrl: serverUrl.replace(/\/$/, ''), site: vars.TABLEAU_SITE ?? '', clientId, secretId, secretValue };
}

export class ConfigError extends Error {}

export function defaultConfig(overrides: Partial<AppConfig> & Pick<AppConfig, 'jwtSecret' | 'secretsKeys' | 'dataDir'>): AppConfig {
  const port = overrides.port ?? 8080;
  return {
    port,
    host: '0.0.0.0',
    sqlitePath: `${overrides.dataDir}/console.sqlite`,
    mailFrom: 'Campaign Console <no-reply@console.local>',
    publicUrl: `http://localhost:${port}`,
    trustProxy: false,
    outboundAllow: [],
    logLevel: 'info',
    accessTokenTtlSeconds: 15 * 60,
    refreshTokenTtlSeconds: 8 * 60 * 60,
    bodyLimitBytes: 1024 * 1024,
    rateLimits: { perIp: { max: 10, windowMs: 60_000 }, perEmail: { max: 10, windowMs: 15 * 60_000 } },
    otpResendIntervalMs: OTP_RESEND_INTERVAL_SECONDS * 1000,
    lockout: { maxFailures: 5, lockMinutes: 15 },
    passwordHash: { memoryCost: 32_768, timeCost: 4, parallelism: 1 },
    redisKeyPrefix: 'console:',
    shutdownGraceMs: 30_000,
    logRequests: false,
    mailRetentionDays: 30,
    collect: { schedulerEnabled: true, pollMs: 5000, leaseMs: 120_000, maxAttempts: 3, retryBaseMs: 60_000, suspendAfter: 5 },
    ...overrides,
  };
}

/** Reads the environment; a bad value stops startup with a message naming the variable. */
export function readEnv(env: NodeJS.ProcessEnv): z.infer<typeof envSchema> {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/**
 * readEnv plus the rules that only a serving instance has: with DATABASE_URL the instances share
 * sessions, so they must share the signing key; a key generated per DATA_DIR would make every
 * session signed on one instance invalid on the next.
 */
export function readServerEnv(env: NodeJS.ProcessEnv): z.infer<typeof envSchema> {
  const set = (name: string) => (env[name] ?? '') !== '';
  // Instances on one database must agree on these; generating them per DATA_DIR would split them.
  const sharedKeys = [
    ['JWT_SECRET', 'every instance on the shared database must sign sessions with the same key (at least 32 characters, e.g. `openssl rand -base64 48`)'],
    ['SECRETS_KEY', 'every instance must open the stored secrets with the same key (64 hex characters, e.g. `openssl rand -hex 32`)'],
    ['FILE_STORE', 'every instance must read the files the others stored (s3://bucket[/prefix] or gs://bucket[/prefix])'],
  ];
  const rules = set('DATABASE_URL') ? sharedKeys.filter(([name]) => !set(name)).map(([name, why]) => `  ${name}: required when DATABASE_URL is set — ${why}`) : [];
  let vars: z.infer<typeof envSchema>;
  try {
    vars = readEnv(env);
  } catch (error) {
    if (error instanceof ConfigError && rules.length > 0) throw new ConfigError(`${error.message}\n${rules.join('\n')}`);
    throw error;
  }
  if (rules.length > 0) throw new ConfigError(`Invalid configuration:\n${rules.join('\n')}`);
  return vars;
}
