import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AREA_RANK, retentionInput, retentionPreviewQuery, systemLogFilter, type SystemLogFilter } from '../../../src/shared';
import { requireRank } from '../../auth/guard';
import { AppError, validationError } from '../../http/app-error';
import { success } from '../../http/envelope';
import { CountCache } from './count-cache';
import { systemLogCsv } from './export';
import { decodeCursor, encodeCursor, findLog, pageOfLogs, countLogs } from './queries';
import { PRUNE_INTERVAL_MS, countPrunable, pruneSystemLog, retentionDays, setRetentionDays } from './retention';

const listQuery = z.object({
  sort: z.string().max(100).optional(),
  range: z.string().max(100).optional(),
  filter: z.string().max(2000).optional(),
  after: z.string().max(200).optional(),
});
const MAX_PAGE = 100;
const EXPORT_TOKEN_SECONDS = 120;

function parseJson(raw: string | undefined, field: string, fallback: unknown): unknown {
  if (!raw) return fallback;
  try {
    return JSON.parse(raw);
  } catch {
    throw validationError([{ field, message: `${field} must be JSON.` }]);
  }
}

function parseFilter(raw: unknown): SystemLogFilter {
  const parsed = systemLogFilter.safeParse(raw);
  if (!parsed.success) {
    throw validationError(parsed.error.issues.map((issue) => ({ field: ['filter', ...issue.path].join('.'), message: issue.message })));
  }
  return parsed.data;
}

/** /api/system-logs (rank 1): the audit log, its CSV export and its retention. */
export async function systemLogsModule(app: FastifyInstance) {
  const { ctx } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const counts = new CountCache(30_000);

  // The export link is opened by the browser itself (a download), so it carries a signed token instead of the Bearer header.
  routes.get('/system-logs/export', { schema: { querystring: z.object({ token: z.string().max(4000) }) } }, async (request, reply) => {
    const proof = await ctx.tokens.verifyProof('export', request.query.token);
    const filter = parseFilter(proof.filter);
    const stamp = ctx.clock.now().toISOString().replace(/[:.]/g, '-');
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="system-log-${stamp}.csv"`)
      .header('x-content-type-options', 'nosniff')
      .send(systemLogCsv(ctx.db, filter));
  });

  await app.register(async (guarded) => {
    guarded.addHook('onRequest', requireRank(AREA_RANK.systemLog));
    const api = guarded.withTypeProvider<ZodTypeProvider>();

    api.get('/system-logs', { schema: { querystring: listQuery } }, async (request) => {
      const sort = parseJson(request.query.sort, 'sort', ['requestAt', 'DESC']);
      if (!Array.isArray(sort) || sort[0] !== 'requestAt' || !/^(ASC|DESC)$/i.test(String(sort[1]))) {
        throw validationError([{ field: 'sort', message: 'The system log sorts by requestAt only.' }]);
      }
      const range = parseJson(request.query.range, 'range', [0, 24]);
      if (!Array.isArray(range) || range.length !== 2 || !range.every((n) => Number.isInteger(n) && n >= 0) || range[1] < range[0]) {
        throw validationError([{ field: 'range', message: 'range must be [start, end] with 0 ≤ start ≤ end.' }]);
      }
      const filter = parseFilter(parseJson(request.query.filter, 'filter', {}));
      const cursor = request.query.after ? decodeCursor(request.query.after) : undefined;
      if (request.query.after && !cursor) throw validationError([{ field: 'after', message: 'Unknown position in the log.' }]);
      const limit = Math.min(range[1] - range[0] + 1, MAX_PAGE);
      const direction = String(sort[1]).toLowerCase() as 'asc' | 'desc';
      const [list, totalCount] = await Promise.all([
        pageOfLogs(ctx.db, filter, { limit, offset: range[0], cursor, direction }),
        counts.get(JSON.stringify(filter), ctx.clock.now().getTime(), () => countLogs(ctx.db, filter)),
      ]);
      const last = list.at(-1);
      return success({
        list,
        totalCount,
        totalPage: Math.max(1, Math.ceil(totalCount / limit)),
        currentPage: Math.floor(range[0] / limit) + 1,
        nextCursor: last && list.length === limit ? encodeCursor(last) : null,
      });
    });

    api.get('/system-logs/:id', { schema: { params: z.object({ id: z.coerce.number().int().positive() }) } }, async (request) => {
      const entry = await findLog(ctx.db, request.params.id);
      if (!entry) throw new AppError('NOT_FOUND', 'No such log entry.');
      return success(entry);
    });

    api.post('/system-logs/export', { schema: { body: z.strictObject({ filter: z.record(z.string(), z.unknown()).default({}) }) } }, async (request) => {
      const filter = parseFilter(request.body.filter);
      const token = await ctx.tokens.signProof('export', String(request.admin!.id), EXPORT_TOKEN_SECONDS, { filter });
      return success({ url: `/api/system-logs/export?token=${encodeURIComponent(token)}` }, 'The export is ready to download.');
    });

    api.get('/system-logs/retention', async () => success({ retentionDays: await retentionDays(ctx) }));

    // A dry run: how many rows saving `days` would delete now, so the screen can say so and ask first.
    api.get('/system-logs/retention/preview', { schema: { querystring: retentionPreviewQuery } }, async (request) => {
      const { cutoff, rowsToDelete } = await countPrunable(ctx, request.query.days);
      return success({ retentionDays: request.query.days, cutoff, rowsToDelete });
    });

    api.put('/system-logs/retention', { schema: { body: retentionInput } }, async (request) => {
      await setRetentionDays(ctx, request.body.retentionDays);
      const removed = await pruneSystemLog(ctx);
      return success({ retentionDays: request.body.retentionDays, removed }, `Entries older than ${request.body.retentionDays} days are removed (${removed} now).`);
    });
  });

  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => void pruneSystemLog(ctx).catch((error) => app.log.error({ err: error }, 'system log prune failed')), PRUNE_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
