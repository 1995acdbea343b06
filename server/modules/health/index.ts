import type { FastifyInstance } from 'fastify';
import { healthResponse, readinessResponse } from '../../../src/shared';
import { success } from '../../http/envelope';
import { databaseAnswers, migrationsApplied } from './queries';

/** A load balancer's probe gets its answer this soon, even from a database that hangs. */
const READY_WITHIN_MS = 2_000;

/**
 * Probes for load balancers: /api/health says the process answers; /api/ready that the database
 * is reachable and migrated and mail can go out. Unauthenticated and not written to the system log.
 */
export async function healthModule(app: FastifyInstance) {
  const { db, mailer } = app.ctx;

  app.get('/health', { schema: { response: { 200: healthResponse } } }, async () => success({ status: 'UP', uptimeSeconds: Math.round(process.uptime()) }));

  app.get('/ready', { schema: { response: { 200: readinessResponse, 503: readinessResponse } } }, async (_request, reply) => {
    const checks = { database: false, migrations: false, mail: mailer.transport };
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, READY_WITHIN_MS)));
    const probe = (async () => {
      checks.database = await databaseAnswers(db);
      checks.migrations = await migrationsApplied(db);
    })();
    // An unreachable or hung database leaves the checks false; the answer below says so.
    await Promise.race([probe.catch(() => undefined), late]);
    clearTimeout(timer);
    const ready = checks.database && checks.migrations;
    return reply
      .code(ready ? 200 : 503)
      .send(ready ? success({ status: 'READY', ...checks }) : { result: 'NOT_READY', resultMessage: 'The console is not ready to serve requests.', data: { status: 'NOT_READY', ...checks } });
  });
}
