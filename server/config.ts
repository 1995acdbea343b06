import { z } from 'zod';
import { emailSchema, passwordSchema } from '../src/shared/validation';

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
}

export class ConfigError extends Error {}

export function defaultConfig(overrides: Partial<AppConfig> & Pick<AppConfig, 'jwtSecret' | 'dataDir'>): AppConfig {
  const port = overrides.port ?? 8080;
  return {
    port,
    host: '0.0.0.0',
    sqlitePath: `${overrides.dataDir}/console.sqlite`,
    mailFrom: 'Campaign Console <no-reply@console.local>',
    publicUrl: `http://localhost:${port}`,
    trustProxy: false,
    logLevel: 'info',
    accessTokenTtlSeconds: 15 * 60,
    refreshTokenTtlSeconds: 8 * 60 * 60,
    bodyLimitBytes: 1024 * 1024,
    rateLimits: { perIp: { max: 30, windowMs: 60_000 }, perEmail: { max: 10, windowMs: 15 * 60_000 } },
    otpResendIntervalMs: 30_000,
    lockout: { maxFailures: 5, lockMinutes: 15 },
    passwordHash: { memoryCost: 32_768, timeCost: 4, parallelism: 1 },
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
