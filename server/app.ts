import { resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { systemClock, type Clock } from './clock';
import { openDatabase, type Db } from './db/database';
import { createMetrics } from './metrics/registry';
import { httpMetrics } from './metrics/http-metrics';
import { metricsEndpoint } from './metrics/endpoint';
import { serveBuiltApp } from './http/built-app';
import { createMailer, type OutgoingMail } from './mail/mailer';
import { secretBox } from './secrets/secret-box';
import { createFileStore } from './files/create-store';
import type { FileStore } from './files/store';
import { FileChecker } from './modules/uploads/check-thread';
import { passwordHasher } from './auth/passwords';
import { tokenService } from './auth/tokens';
import { liveSessions } from './auth/live-sessions';
import { errorEnvelope } from './http/error-handler';
import { readerLanguage } from './http/reader-language';
import { rateLimits } from './http/rate-limits';
import { securityHeaders } from './http/security-headers';
import { systemLog, systemLogWriter } from './audit/system-log';
import { mailRetention } from './mail/retention';
import { rememberReader } from './mail/recipient';
import { apiReference } from './ops/openapi';
import { authModule } from './auth';
import { filesModule } from './files';
import { collectJobs } from './collect/jobs';
import { loadRouteModules } from './modules/route-modules';
import { activityRecorder } from './modules/activity/recorder';
import { recordReaders } from './http/record-readers';
import { liveEvents } from './live/hub';
import { liveRoutes } from './live/routes';
import type { AppContext } from './context';
import './context';

export interface BuildOptions {
  /** An already-open database (tests, scripts); otherwise opened from the config. */
  db?: Db;
  clock?: Clock;
  /** Folder of the built SPA; served with an index.html fallback when present. */
  staticDir?: string;
  logger?: boolean;
  /** Sees each mail as it leaves (tests and the e2e harness read sign-in codes and links here). */
  observeMail?: (mail: OutgoingMail) => void;
  /** An already-built (and checked) file store; otherwise built from the config. */
  files?: FileStore;
}

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // A person watching a terminal gets readable lines; pipes and files get JSON.
    logger:
      options.logger === false
        ? false
        : { level: config.logLevel, ...(process.stdout.isTTY ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname', translateTime: 'HH:MM:ss' } } } : {}) },
    // Every API call is already written to the system log.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const clock = options.clock ?? systemClock;
  const db = options.db ?? openDatabase(config);
  const files = options.files ?? createFileStore(config);
  const metrics = createMetrics(db);
  const sheetThread = new FileChecker();
  const sessions = liveSessions(db, config.sqlitePath);
  const ctx: AppContext = {
    config,
    db,
    clock,
    tokens: tokenService(config.jwtSecret, config.accessTokenTtlSeconds, () => clock.now()),
    passwords: passwordHasher(config.passwordHash),
    mailer: createMailer({
      db,
      clock,
      smtpUrl: config.smtpUrl,
      smtpTimeoutMs: config.smtpTimeoutMs,
      from: config.mailFrom,
      log: app.log,
      files,
      box: secretBox(config.secretsKeys, config.jwtSecret),
      leaseMs: config.mailLeaseMs,
      observe: options.observeMail,
      counted: (outcome) => metrics.mails.inc({ outcome }),
    }),
    files,
    sheets: { readXlsx: async (filePath, rows) => sheetThread.sample({ kind: 'xlsx', filePath, rows }), close: () => sheetThread.close() },
    sessions,
    live: liveEvents(sessions.bus, clock, (resource) => recordReaders(ctx).get(resource)),
    systemLog: systemLogWriter(db, (error) => app.log.error({ err: error }, 'system log write failed')),
    metrics,
  };
  app.decorate('ctx', ctx);
  // Mails a stopped server left in the outbox go out (or fail with the reason) once this one is ready.
  app.addHook('onReady', async () => ctx.mailer.start());
  // Open event streams would hold the server open: they end first, and their browsers reconnect.
  app.addHook('preClose', async () => ctx.live.close());
  app.addHook('onClose', async () => {
    // The last requests' system-log rows and mails go out before the database closes.
    await ctx.systemLog.flush();
    await ctx.mailer.close();
    await ctx.sessions.close();
    await ctx.sheets.close();
    if (!options.db) await db.destroy();
  });

  const tableauOrigin = config.tableau ? [new URL(config.tableau.serverUrl).origin] : [];
  securityHeaders(app, tableauOrigin);
  await app.register(httpMetrics);
  await app.register(metricsEndpoint);
  await app.register(errorEnvelope);
  await app.register(readerLanguage);
  await app.register(rateLimits);
  await app.register(systemLog);
  // Before the modules: every mutating route they register goes through it (ACTIVITY_ROUTES).
  await app.register(activityRecorder);
  await app.register(mailRetention);
  await app.register(rememberReader);
  await app.register(collectJobs);
  await app.register(apiReference);

  const routeModules = await loadRouteModules();
  await app.register(
    async (api) => {
      await api.register(authModule);
      await api.register(filesModule);
      await api.register(liveRoutes);
      // Every folder of server/modules and server/collect (route-modules.ts); auth and files above are areas of their own.
      for (const routeModule of routeModules) await api.register(routeModule);
    },
    { prefix: '/api' },
  );

  const builtApp = options.staticDir ? serveBuiltApp(app, resolve(options.staticDir)) : undefined;
  app.setNotFoundHandler((request, reply) => {
    // A client route gets the app; a missing file (a name with an extension: /robots.txt, /x.js) is a 404.
    if (!request.url.startsWith('/api') && request.method === 'GET' && builtApp && !/\.[a-z0-9]+$/i.test(request.url.split('?')[0])) return builtApp.sendIndex(request, reply);
    return reply.code(404).send({ result: 'NOT_FOUND', resultMessage: `No such endpoint: ${request.method} ${request.url.split('?')[0]}`, data: null });
  });
  return app;
}
