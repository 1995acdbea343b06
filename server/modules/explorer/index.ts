import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { explorerExportInput, explorerRowListResponse, explorerTableParams, exportLinkResponse, exportBaseName, isKnownTimeZone } from '../../../src/shared';
import { explorerResource } from '../../../src/shared/resources/explorer';
import { contentDisposition } from '../../files/content-disposition';
import { success } from '../../http/envelope';
import { crudRoutes } from '../../http/crud-routes';
import { listQuerystring } from '../../http/list-query';
import { readerOf } from '../../http/reader';
import { issueLink, redeemLink } from '../../links';
import { XLSX_TYPE } from '../../http/xlsx-export';
import { tableExport } from './export';
import { countRows, pageOfRows } from './queries';
import { parseRowsQuery } from './row-query';
import { explorerTables, readableSource, refuseUnreadable } from './tables';
import { sentence } from '../../../src/i18n/serverMessage';

/**
 * /api/explorer: the Data Explorer. Lists the tables the caller
 * may read, and a table's columns and rows paged, sorted and filtered in SQL, with a CSV or XLSX export.
 */
export async function explorerModule(app: FastifyInstance) {
  const { ctx } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // The export link is opened by the browser itself (a download), so it carries a signed token
  // naming the session that asked; it stands for this call by that person: their session and their
  // right to read the table are checked again now, and it works once.
  routes.get('/explorer/export', { schema: { querystring: z.object({ token: z.string().max(6000) }) } }, async (request, reply) => {
    const { claims: proof, granted: source } = await redeemLink(request, 'explorer-export', request.query.token, undefined, (link) => readableSource(ctx.db, request.admin!, link.what));
    const { sort, conditions } = parseRowsQuery({ sort: proof.sort as string | undefined, filter: proof.filter as string | undefined }, source);
    // Named after the table and the minute on the asker's clock (a link signed without a zone: UTC).
    const zone = typeof proof.timeZone === 'string' && isKnownTimeZone(proof.timeZone) ? proof.timeZone : 'UTC';
    // A link signed before the format was asked is a CSV one.
    const format = proof.format === 'xlsx' ? 'xlsx' : 'csv';
    return reply
      .type(format === 'xlsx' ? XLSX_TYPE : 'text/csv; charset=utf-8')
      .header('content-disposition', contentDisposition('attachment', `${exportBaseName(source.table.tableName, ctx.clock.now(), zone)}.${format}`))
      .header('x-content-type-options', 'nosniff')
      .send(tableExport(ctx.db, source, { sort, conditions }, format));
  });

  // The table list and one table; a table's rows and its export link sit beside them, under the same guard.
  const { readers } = crudRoutes(app, explorerResource, {
    store: explorerTables(ctx.db),
    // A table of data the caller may not read is a 403 that says who may.
    scope: {
      async sees(request, table) {
        await refuseUnreadable(ctx.db, request.admin!, table.schema);
        return true;
      },
    },
  });

  routes.get('/explorer/:id/rows', { ...readers, schema: { params: explorerTableParams, querystring: listQuerystring, response: { 200: explorerRowListResponse } } }, async (request) => {
    const source = await readableSource(ctx.db, request.admin!, request.params.id);
    const rowsRequest = parseRowsQuery(request.query, source);
    const [rows, totalCount] = await Promise.all([pageOfRows(ctx.db, source, rowsRequest), countRows(ctx.db, source, rowsRequest.conditions)]);
    return success({
      list: rows.map((cells, index) => ({ id: rowsRequest.offset + index + 1, cells })),
      totalCount,
      totalPage: Math.max(1, Math.ceil(totalCount / rowsRequest.limit)),
      currentPage: Math.floor(rowsRequest.offset / rowsRequest.limit) + 1,
    });
  });

  routes.post('/explorer/:id/export', { ...readers, schema: { params: explorerTableParams, body: explorerExportInput, response: { 200: exportLinkResponse } } }, async (request) => {
    const source = await readableSource(ctx.db, request.admin!, request.params.id);
    // Checked now, so a bad sort or filter is a 400 here rather than a broken download.
    parseRowsQuery(request.body, source);
    const url = await issueLink(request, 'explorer-export', source.table.id, {
      sort: request.body.sort,
      filter: request.body.filter,
      format: request.body.format ?? 'csv',
      timeZone: readerOf(request).timeZone,
    });
    return success({ url }, sentence('explorer.theExportIsReadyTo'));
  });
}
