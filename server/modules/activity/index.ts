import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AREA_RANK,
  CSV_BOM,
  activityActorsResponse,
  activityFilter,
  activityListResponse,
  activityRevertedResponse,
  csvLine,
  exportFileName,
  exportLinkResponse,
  formatDateTime,
  isKnownTimeZone,
  rankAllows,
  runtimeTimeZone,
  type ActivityEntry,
  type ActivityFilter,
} from '../../../src/shared';
import { activityResource } from '../../../src/shared/resources/activity';
import { authenticate, FORBIDDEN_MESSAGE, requireRank } from '../../auth/guard';
import { contentDisposition } from '../../files/content-disposition';
import { AppError, validationError } from '../../http/app-error';
import { success } from '../../http/envelope';
import { crudRoutes, listSpecOf } from '../../http/crud-routes';
import { idParams } from '../../http/id-params';
import { listQuerystring, parseJson, parseRange, parseSort } from '../../http/list-query';
import { readerOf, type Reader } from '../../http/reader';
import { issueLink, redeemLink } from '../../links';
import { activityActors, activityAfter, countActivity, findActivity, pageOfActivity, withRestored } from './queries';
import { deletedFor, restorable, revertible } from './revert';
import { ACTIVITY_SUBJECTS } from './subjects';
import { entryWords, translatorFor } from './words';
import { sentence } from '../../../src/i18n/serverMessage';

const EXPORT_BATCH = 2000;
/** The list's sort, as declared: newest or oldest first. */
const { sortable, defaultSort } = listSpecOf(activityResource);

function parseFilter(raw: unknown): ActivityFilter {
  const parsed = activityFilter.safeParse(raw ?? {});
  if (!parsed.success) throw validationError(parsed.error.issues.map((issue) => ({ field: ['filter', ...issue.path].join('.'), message: issue.message })));
  return parsed.data;
}

/**
 * /api/activity: the activity log. The whole log is the system log's rank (1);
 * one record's history is open to whoever may read that record (its own read route answers them),
 * so each show page can carry it.
 */
export async function activityModule(app: FastifyInstance) {
  const { ctx } = app;

  async function mayRead(request: FastifyRequest, reply: FastifyReply, filter: ActivityFilter): Promise<void> {
    const rank = request.admin!.rank;
    if (rankAllows(AREA_RANK.systemLog, rank)) return;
    const subject = filter.resource && filter.recordId ? ACTIVITY_SUBJECTS.get(filter.resource) : undefined;
    if (!subject || subject.settings || !(await app.activity.readAs(request, reply)(subject.reads, filter.recordId!))) throw new AppError('FORBIDDEN', FORBIDDEN_MESSAGE);
  }

  // The link is opened by the browser itself (a download): it stands for this call by the person who
  // asked, so their session and their right to the history are checked again now, and it works once.
  app.get('/activity/export', { schema: { querystring: z.object({ token: z.string().max(4000) }) } }, async (request, reply) => {
    const { token } = request.query as { token: string };
    const { claims: proof } = await redeemLink(request, 'activity-export', token, undefined, (link) => mayRead(request, reply, parseFilter(link.filter)));
    const filter = parseFilter(proof.filter);
    const reader: Reader = {
      timeZone: typeof proof.timeZone === 'string' && isKnownTimeZone(proof.timeZone) ? proof.timeZone : runtimeTimeZone(),
      language: proof.language === 'ko' ? 'ko' : 'en',
    };
    const t = translatorFor(reader.language);
    const fields = (key: string) => t(`console.activity.fields.${key}`);
    async function* lines() {
      yield `${CSV_BOM}${csvLine([`${fields('occurredAt')} (${reader.timeZone})`, fields('actorName'), fields('action'), fields('resource'), fields('recordName'), fields('sentence'), fields('changes')])}`;
      // Keyset batches, each starting past the last entry written: the log is read once however long it is.
      let after: ActivityEntry | undefined;
      for (;;) {
        const rows = await pageOfActivity(ctx.db, filter, { offset: 0, limit: EXPORT_BATCH, direction: 'desc', after });
        if (rows.length)
          yield rows
            .map((entry) => {
              const words = entryWords(entry, t);
              return csvLine([
                formatDateTime(entry.occurredAt, reader.timeZone),
                entry.actorName,
                t(`console.activity.actions.${entry.action}`),
                t(`resources.${entry.resource}.name`, { smart_count: 1 }).split('||||')[0].trim(),
                entry.recordName || t(`console.activity.records.${entry.resource}`),
                words.sentence,
                words.changes,
              ]);
            })
            .join('');
        if (rows.length < EXPORT_BATCH) return;
        after = rows.at(-1);
      }
    }
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', contentDisposition('attachment', exportFileName(t('console.activity.exportSubject'), ctx.clock.now(), reader.timeZone)))
      .header('x-content-type-options', 'nosniff')
      .send(Readable.from(lines()));
  });

  await app.register(async (guarded) => {
    guarded.addHook('onRequest', authenticate);
    const api = guarded.withTypeProvider<ZodTypeProvider>();

    api.get('/activity', { schema: { querystring: listQuerystring, response: { 200: activityListResponse } } }, async (request, reply) => {
      const { direction } = parseSort(request.query.sort, sortable, defaultSort);
      const { offset, limit } = parseRange(request.query.range, 25);
      const filter = parseFilter(parseJson(request.query.filter, 'filter'));
      await mayRead(request, reply, filter);
      const [page, totalCount] = await Promise.all([pageOfActivity(ctx.db, filter, { offset, limit, direction }), countActivity(ctx.db, filter)]);
      const list = await withRestored(ctx.db, page);
      return success({ list, totalCount, totalPage: Math.max(1, Math.ceil(totalCount / limit)), currentPage: Math.floor(offset / limit) + 1 });
    });

    api.get('/activity/actors', { onRequest: requireRank(AREA_RANK.systemLog), schema: { response: { 200: activityActorsResponse } } }, async () => success(await activityActors(ctx.db)));

    // The factory serves one entry, under the declared read rank; the list stays above: below that rank it
    // answers one record's history to whoever may read the record, and its filters are the export's (activityFilter).
    crudRoutes(api, activityResource, {
      servedBeside: ['list'],
      store: {
        find: async (id) => {
          const entry = await findActivity(ctx.db, id);
          return entry && (await withRestored(ctx.db, [entry]))[0];
        },
      },
    });

    // A change undone: its fields' old values saved as a new change of the record, through the record's own update; a share's end undone by bringing the share back (revert.ts).
    api.post('/activity/:id/revert', { config: { recordsActivity: true }, schema: { params: idParams, response: { 200: activityRevertedResponse } } }, async (request, reply) => {
      const entry = await findActivity(ctx.db, request.params.id);
      if (!entry) throw new AppError('NOT_FOUND', sentence('activity.noSuchEntry'));
      // Only someone who may read the record's history learns why an entry cannot be reverted (who changed what since).
      await mayRead(request, reply, { resource: entry.resource, recordId: entry.recordId });
      const revert = await revertible(app, request, entry, await activityAfter(ctx.db, entry));
      const record = await revert(request, reply);
      return success(record ?? null, sentence('activity.changeReverted', { who: entry.actorName }));
    });

    // A delete undone after its Undo has passed: the rows it took put back with their ids, by whoever may create the record (restorable in revert.ts).
    api.post('/activity/:id/restore', { config: { recordsActivity: true }, schema: { params: idParams, response: { 200: activityRevertedResponse } } }, async (request, reply) => {
      const entry = await findActivity(ctx.db, request.params.id);
      if (!entry) throw new AppError('NOT_FOUND', sentence('activity.noSuchEntry'));
      // Who deleted a record may restore it (its history is gone with it); anyone else needs the right to read its history.
      if (entry.actorId !== request.admin!.id) await mayRead(request, reply, { resource: entry.resource, recordId: entry.recordId });
      const { restorer, deleted } = restorable(app, await deletedFor(app, entry));
      const record = await restorer(request, reply, { entryId: entry.id, entryResource: entry.resource, entryRecordId: entry.recordId, ...deleted });
      return success(record ?? null, sentence('activity.recordRestored', { record: entry.recordName }));
    });

    api.post('/activity/export', { schema: { body: z.strictObject({ filter: z.record(z.string(), z.unknown()).default({}) }), response: { 200: exportLinkResponse } } }, async (request, reply) => {
      const filter = parseFilter(request.body.filter);
      await mayRead(request, reply, filter);
      return success({ url: await issueLink(request, 'activity-export', '', { filter, ...readerOf(request) }) }, sentence('explorer.theExportIsReadyTo'));
    });
  });
}
