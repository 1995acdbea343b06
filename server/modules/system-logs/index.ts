import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { msg } from '../../../src/shared/validation-messages';
import {
  AREA_RANK,
  exportLinkResponse,
  exportFileName,
  isKnownTimeZone,
  runtimeTimeZone,
  retentionInput,
  retentionPreviewQuery,
  retentionPreviewResponse,
  retentionResponse,
  retentionSavedResponse,
  systemLogListResponse,
  systemLogFilter,
  type SystemLogFilter,
} from '../../../src/shared';
import { systemLogsResource } from '../../../src/shared/resources/system-logs';
import { refuseBelowRank, requireRank } from '../../auth/guard';
import { contentDisposition } from '../../files/content-disposition';
import { readerOf, type Reader } from '../../http/reader';
import { issueLink, redeemLink } from '../../links';
import { validationError } from '../../http/app-error';
import { success } from '../../http/envelope';
import { recordReaders, snapshotOf } from '../../http/record-readers';
import { crudRoutes, listSpecOf } from '../../http/crud-routes';
import { listQuerystring, parseJson, parseRange, parseSort } from '../../http/list-query';
import { CountCache } from './count-cache';
import { systemLogCsv } from './export';
import { decodeCursor, encodeCursor, findLog, pageOfLogs, countLogs } from './queries';
import { PRUNE_INTERVAL_MS, countPrunable, pruneSystemLog, retentionDays, setRetentionDays } from './retention';
import { pruneCollectHistory } from '../../collect/collect-retention/queries';
import { sentence } from '../../../src/i18n/serverMessage';

const listQuery = listQuerystring.extend({ after: z.string({ error: msg.afterGivenOnce }).max(200).optional() });
/** The log is read newest or oldest first: (request_at, id) is its index, and its cursor. */
const { sortable, defaultSort } = listSpecOf(systemLogsResource);

function parseFilter(raw: unknown): SystemLogFilter {
  const parsed = systemLogFilter.safeParse(raw);
  if (!parsed.success) {
    throw validationError(
      parsed.error.issues.flatMap((issue) =>
        issue.code === 'unrecognized_keys'
          ? issue.keys.map((key) => ({ field: `filter.${key.slice(0, 50)}`, message: sentence('listQuery.cannotFilterBy', { key: key.slice(0, 50) }) }))
          : [{ field: ['filter', ...issue.path].join('.'), message: issue.message }],
      ),
    );
  }
  return parsed.data;
}

/** What the export holds, in the reader's language: the screen's title. */
const SYSTEM_LOG_SUBJECT: Record<Reader['language'], string> = { en: 'System Log', ko: '시스템 로그' };

/** The export link's reader, as signed when it was made. */
function readerFromProof(proof: Record<string, unknown>): Reader {
  const zone = typeof proof.timeZone === 'string' && isKnownTimeZone(proof.timeZone) ? proof.timeZone : runtimeTimeZone();
  return { timeZone: zone, language: proof.language === 'ko' ? 'ko' : 'en' };
}

/** /api/system-logs (rank 1): the audit log, its CSV export and its retention. */
export async function systemLogsModule(app: FastifyInstance) {
  const { ctx } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const counts = new CountCache(30_000);

  // The export link is opened by the browser itself (a download), so it carries a signed token
  // instead of the Bearer header; it stands for this call by the person who asked: their session and
  // the system log's rank are checked again now, and it works once.
  routes.get('/system-logs/export', { schema: { querystring: z.object({ token: z.string().max(4000) }) } }, async (request, reply) => {
    const { claims: proof } = await redeemLink(request, 'system-logs-export', request.query.token, undefined, async () => refuseBelowRank(request, AREA_RANK.systemLog));
    const filter = parseFilter(proof.filter);
    // The reader the link was made for (an older link has none: the server's zone, English).
    const reader = readerFromProof(proof);
    await ctx.systemLog.flush();
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', contentDisposition('attachment', exportFileName(SYSTEM_LOG_SUBJECT[reader.language], ctx.clock.now(), reader.timeZone)))
      .header('x-content-type-options', 'nosniff')
      .send(systemLogCsv(ctx.db, filter, reader));
  });

  await app.register(async (guarded) => {
    guarded.addHook('onRequest', requireRank(AREA_RANK.systemLog));
    // Rows are written in batches: a reader of the log sees every call answered before its own.
    guarded.addHook('preHandler', async () => ctx.systemLog.flush());
    const api = guarded.withTypeProvider<ZodTypeProvider>();

    api.get('/system-logs', { schema: { querystring: listQuery, response: { 200: systemLogListResponse } } }, async (request) => {
      const { direction } = parseSort(request.query.sort, sortable, defaultSort);
      const { offset, limit } = parseRange(request.query.range, 25);
      const filter = parseFilter(parseJson(request.query.filter, 'filter') ?? {});
      const cursor = request.query.after ? decodeCursor(request.query.after) : undefined;
      if (request.query.after && !cursor) throw validationError([{ field: 'after', message: sentence('systemLogs.unknownPositionInTheLog') }]);
      const [list, totalCount] = await Promise.all([
        pageOfLogs(ctx.db, filter, { limit, offset, cursor, direction }),
        counts.get(JSON.stringify(filter), ctx.clock.now().getTime(), () => countLogs(ctx.db, filter)),
      ]);
      const last = list.at(-1);
      return success({
        list,
        totalCount,
        totalPage: Math.max(1, Math.ceil(totalCount / limit)),
        currentPage: Math.floor(offset / limit) + 1,
        nextCursor: last && list.length === limit ? encodeCursor(last) : null,
      });
    });

    // The factory serves one entry; the list stays above, its filters being the export's (systemLogFilter).
    crudRoutes(api, systemLogsResource, { servedBeside: ['list'], store: { find: (id) => findLog(ctx.db, id) } });

    api.post('/system-logs/export', { schema: { body: z.strictObject({ filter: z.record(z.string(), z.unknown()).default({}) }), response: { 200: exportLinkResponse } } }, async (request) => {
      const filter = parseFilter(request.body.filter);
      return success({ url: await issueLink(request, 'system-logs-export', '', { filter, ...readerOf(request) }) }, sentence('explorer.theExportIsReadyTo'));
    });

    const retention = async () => success({ retentionDays: await retentionDays(ctx) });
    api.get('/system-logs/retention', { schema: { response: { 200: retentionResponse } } }, retention);
    // The same read as a function call, for the activity log of its saves (this group's rank already held by the save).
    recordReaders(ctx).set('system-logs/retention', async () => snapshotOf(retentionResponse, await retention()));

    // A dry run: how many rows saving `days` would delete now, so the screen can say so and ask first.
    api.get('/system-logs/retention/preview', { schema: { querystring: retentionPreviewQuery, response: { 200: retentionPreviewResponse } } }, async (request) => {
      const { cutoff, rowsToDelete } = await countPrunable(ctx, request.query.days);
      return success({ retentionDays: request.query.days, cutoff, rowsToDelete });
    });

    api.put('/system-logs/retention', { schema: { body: retentionInput, response: { 200: retentionSavedResponse } } }, async (request) => {
      await setRetentionDays(ctx, request.body.retentionDays);
      const removed = await pruneSystemLog(ctx);
      return success({ retentionDays: request.body.retentionDays, removed }, sentence('systemLogs.entriesOlderThanDaysAre', { retentionDays: request.body.retentionDays, removed }));
    });
  });

  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      void pruneSystemLog(ctx).catch((error) => app.log.error({ err: error }, 'system log prune failed'));
      // Collect history (finished tasks, master rows) is swept on the same hour by its own settings.
      void pruneCollectHistory(ctx).catch((error) => app.log.error({ err: error }, 'collect history prune failed'));
    }, PRUNE_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
