import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CSV_BOM, csvLine } from '../../src/shared/csv';
import { EXPORT_FORMATS, exportBaseName } from '../../src/shared/export-names';
import type { ListPage } from '../../src/shared';
import type { ResourceDeclaration } from '../../src/shared/resources/define';
import { contentDisposition } from '../files/content-disposition';
import { decodeListCursor, type ListRequest } from '../db/list-page';
import { validationError } from './app-error';
import { exportableFields, exportColumns, headerOf, isInstant, listRowSchema, type ExportColumn } from './export-cells';
import { parseListQuery, type ListSpec } from './list-query';
import { readerOf } from './reader';
import { inReaderLanguage } from './reader-language';
import { readerWords } from './reader-words';
import { sentence } from '../../src/i18n/serverMessage';
import { XLSX_TYPE, xlsxStream } from './xlsx-export';

/** Rows read per query: a keyset page where the sort has one, else the next OFFSET page. */
export const EXPORT_PAGE = 500;

/** GET <list>/export: the list's own sort and filter (as JSON text, as the list takes them), the shown columns in order, the format. */
export const listExportQuerystring = z.object({
  format: z.enum(EXPORT_FORMATS).default('csv'),
  /** The shown columns' field names, in the screen's order, comma-separated; absent: every field of a list row. */
  columns: z.string().max(2000).optional(),
  sort: z.string().max(200).optional(),
  filter: z.string().max(4000).optional(),
});

/** The declaration's list read page by page, in its sort: by keyset where the list answers a cursor, else by offset. */
async function* pagesOf(
  first: ListRequest,
  list: (request: ListRequest) => Promise<ListPage<unknown> & { nextCursor?: string | null }>,
  firstPage: ListPage<unknown> & { nextCursor?: string | null },
) {
  let request = first;
  let page = firstPage;
  for (;;) {
    yield page.list as Record<string, unknown>[];
    if (page.list.length < request.limit) return;
    if (page.nextCursor === null) return;
    const after = page.nextCursor === undefined ? undefined : decodeListCursor(page.nextCursor);
    request = after && request.keyset ? { ...request, offset: 0, keyset: { ...request.keyset, after } } : { ...request, offset: request.offset + request.limit };
    page = await list(request);
  }
}

/**
 * Registers GET `<path>/export` beside a declared list: the same guard, whitelist and store call as
 * the list (so the caller's scope narrows it as it narrows their list), every row the filter keeps,
 * streamed as CSV (formula-safe, src/shared/csv.ts) or XLSX (xlsx-export.ts), in the
 * reader's words and zone (export-cells.ts).
 */
export function listExportRoute(
  app: FastifyInstance,
  declaration: ResourceDeclaration,
  readers: { onRequest: preHandlerAsyncHookHandler },
  listSpec: ListSpec,
  list: (request: ListRequest, caller: FastifyRequest) => Promise<ListPage<unknown>>,
): void {
  // A list whose module already serves its own export there (the Data Explorer's link) keeps it.
  if (app.hasRoute({ method: 'GET', url: `${app.prefix}${declaration.path}/export` })) return;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const fields = exportableFields(declaration);
  const rowSchema = listRowSchema(declaration);
  routes.get(
    `${declaration.path}/export`,
    {
      ...readers,
      // No 2xx schema: the OpenAPI document declares the answer a download (server/ops/openapi-contract.ts).
      schema: { querystring: listExportQuerystring },
    },
    async (request, reply) => {
      const query = request.query as z.output<typeof listExportQuerystring>;
      // A shown column the list's rows do not hold (one the screen works out itself) is left out; a field outside the row is never read.
      const asked = query.columns ? query.columns.split(',').map((source) => source.trim()) : fields;
      const sources = [...new Set(asked.filter((source) => /^[A-Za-z0-9_.]{1,80}$/.test(source) && fields.includes(source.split('.')[0])))];
      if (!sources.length) throw validationError([{ field: 'columns', message: sentence('listExport.exportAtLeastOneColumn', { columns: fields.join(', ') }) }]);
      const base = parseListQuery({ sort: query.sort, filter: query.filter }, listSpec);
      const first: ListRequest = { ...base, offset: 0, limit: EXPORT_PAGE };
      const read = (pageRequest: ListRequest) => list(pageRequest, request);
      const firstPage = await read(first);
      const { language, timeZone } = readerOf(request);
      const t = readerWords(language);
      const columns = exportColumns(declaration, sources, t, timeZone, language);
      const timed = new Set(sources.filter((source) => firstPage.list.some((row) => isInstant((row as Record<string, unknown>)[source]))));
      const header = headerOf(columns, timed, timeZone);
      // Each row as its list answers it (the row schema keeps only what the list shows), its stored sentences in the reader's words.
      const shown = (row: Record<string, unknown>) => {
        const parsed = rowSchema?.safeParse(row);
        return inReaderLanguage((parsed?.success ? parsed.data : row) as Record<string, unknown>, language);
      };
      const cellsOf = (row: Record<string, unknown>, columnsOf: readonly ExportColumn[]) => columnsOf.map((column) => column.cell(shown(row)));
      const pages = pagesOf(first, read, firstPage);
      const subject = t(`resources.${declaration.name}.name`, { _: declaration.name }).split('||||').at(-1)!.trim();
      const fileBase = exportBaseName(subject, app.ctx.clock.now(), timeZone);
      reply.header('x-content-type-options', 'nosniff').header('x-export-rows', String(firstPage.totalCount));

      if (query.format === 'xlsx') {
        async function* cells() {
          for await (const rows of pages) yield rows.map((row) => cellsOf(row, columns));
        }
        return reply
          .type(XLSX_TYPE)
          .header('content-disposition', contentDisposition('attachment', `${fileBase}.xlsx`))
          .send(xlsxStream(subject, header, cells()));
      }
      async function* lines() {
        yield `${CSV_BOM}${csvLine(header)}`;
        for await (const rows of pages) yield rows.map((row) => csvLine(cellsOf(row, columns))).join('');
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', `${fileBase}.csv`))
        .send(Readable.from(lines()));
    },
  );
}
