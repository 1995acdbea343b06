import { rm, writeFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { csvLine } from '../../src/shared/csv';
import {
  IMPORT_MAX_CHARS,
  IMPORT_MAX_ROWS,
  IMPORT_MAX_XLSX_BYTES,
  IMPORT_MAX_XLSX_CHARS,
  importInput,
  importProblemCount,
  importResponse,
  importTemplateResponse,
  type ImportProblem,
  type ImportResult,
  type ImportRow,
} from '../../src/shared/import';
import { issueMessage } from '../../src/shared/validation-messages';
import type { ResourceDeclaration } from '../../src/shared/resources/define';
import type { ResourceMessages } from '../../src/i18n/resourceLabels';
import { asWritten, recordNoun, sentence, type ServerMessage } from '../../src/i18n/serverMessage';
import { formatBytes } from '../../src/shared/file-rules';
import { sharedTransaction, type Db } from '../db/database';
import { CsvReader } from '../files/csv-reader';
import { detectKind } from '../files/kinds';
import { AppError } from './app-error';
import { success } from './envelope';
import { choiceFields, inputFields, numberFields } from './input-fields';
import { resourceLabelsEn, resourceLabelsKo } from './resource-labels';
import { codeColumnHeader, codeSetOf, exportableFields } from './export-cells';
import { readerWords } from './reader-words';
import { codeMessageKey } from '../../src/shared/code-sets';

/** The steps of a declared resource's single create (crud-routes.ts), which an import runs on each row. */
export interface CreateSteps {
  /** The create's guards: the write rank, and the binding's create guard. */
  onRequest: preHandlerAsyncHookHandler | preHandlerAsyncHookHandler[];
  config: { recordsActivity: boolean };
  /** The create's body schema. */
  body: z.ZodType;
  /** The create's checks (the binding's check, a taken unique value): throws to refuse. */
  checked(request: FastifyRequest, input: unknown): Promise<void>;
  /** The create's write and activity entry, in the transaction; answers the record's id. */
  write(trx: Db, request: FastifyRequest, reply: FastifyReply, input: unknown): Promise<number | string>;
}

/** A table's text may hold four bytes a character, escaped in JSON: room for the longest table (or XLSX file in base64) the schema takes. */
const BODY_LIMIT = Math.max(IMPORT_MAX_CHARS * 4, IMPORT_MAX_XLSX_CHARS * 2) + 1024;
const TAB = 9;

/** A header as it is compared with a field's names: case, spacing and Unicode form set aside. */
const headerKey = (text: string) => text.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();

/** The words a label file gives a field (resources.<name>.fields.<field>), if any. */
function labelOf(messages: ResourceMessages | undefined, field: string): string | undefined {
  const fields = messages?.fields;
  const label = typeof fields === 'object' ? fields[field] : undefined;
  return typeof label === 'string' ? label : undefined;
}

const LANGUAGES = ['en', 'ko'] as const;
/** A header's trailing words in brackets (an export's time zone, "(code)"), set aside to find the label before them. */
const withoutBrackets = (header: string) => header.replace(/\s*\([^)]*\)\s*$/, '');

/** Thrown inside the transaction to undo it: a preview, or a commit with a problem. */
class Undo {
  constructor(readonly result: ImportResult) {}
}

/** A refusal of a row's create as problems under its cells: a field error where the check names one, else the row's. */
function problemsOf(error: unknown): ImportProblem[] {
  if (!(error instanceof AppError)) throw error;
  const errors = (error.data as { errors?: ImportProblem[] } | null)?.errors;
  if (Array.isArray(errors) && errors.length > 0) return errors.map(({ field, message, params }) => ({ field, message, ...(params ? { params } : {}) }));
  return [{ field: '', message: error.sentence }];
}

/** A table's records (the header first) and, where the file skips blank rows, each data row's number in it. */
type Table = { records: (string | null)[][]; rowNumbers?: number[] } | { problem: ServerMessage };

/** The records of a table's text, CSV or (a first line with a tab and no comma) tab separated; the header is row 1. */
function readTable(text: string): Table {
  const firstLine = text.slice(0, Math.max(0, text.search(/\r|\n/)) || text.length);
  const reader = new CsvReader(firstLine.includes('\t') && !firstLine.includes(',') ? TAB : undefined);
  const records: (string | null)[][] = [];
  const onRecord = (cells: (string | null)[]) => void records.push(cells);
  try {
    reader.push(text, onRecord);
    reader.end(onRecord);
  } catch (error) {
    return { problem: asWritten((error as Error).message) };
  }
  return { records };
}

/** The records of an XLSX file's first sheet (base64), read as uploads read one (app.ctx.sheets); the header is row 1. */
async function readXlsx(app: FastifyInstance, base64: string): Promise<Table> {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > IMPORT_MAX_XLSX_BYTES) return { problem: sentence('crud.importXlsxTooLarge', { size: formatBytes(bytes.length), max: formatBytes(IMPORT_MAX_XLSX_BYTES) }) };
  if (!detectKind(bytes.subarray(0, 8), 'import.xlsx', ['xlsx'])) return { problem: sentence('crud.importXlsxUnreadable', { reason: sentence('crud.importXlsxNotZip') }) };
  const path = app.ctx.files.tempPath();
  try {
    await writeFile(path, bytes);
    // One row past the most an import takes, so a longer sheet is refused as a longer CSV is.
    const { headers, rows, rowNumbers } = await app.ctx.sheets.readXlsx(path, IMPORT_MAX_ROWS + 1);
    return { records: headers ? [headers.map((cell) => (cell === '' ? null : cell)), ...rows] : [], rowNumbers };
  } catch (error) {
    return { problem: sentence('crud.importXlsxUnreadable', { reason: asWritten((error as Error).message) }) };
  } finally {
    await rm(path, { force: true });
  }
}

/**
 * POST <path>/import `{ csv | xlsx, commit?, columns? }`: a table's rows as the declaration's records, its
 * columns matched to fields by header (the field's name or its English or Korean label), or as the
 * person chose in `columns` (a field or null to leave it out, one per header). Every row goes
 * through the single create's steps (its body schema, checks and write with its activity entry),
 * each in a savepoint of one transaction, so a row refused alone is refused here, with its problems
 * under its cells, and a duplicate of an earlier row or of a record is found as the create finds it.
 * A preview (no `commit`) always undoes the transaction; a commit keeps it only when no row has a
 * problem, else answers 400 with the same rows. GET <path>/import-template names the fields.
 */
export function importRoute(app: FastifyInstance, declaration: ResourceDeclaration, steps: CreateSteps): void {
  const { noun, path, name } = declaration;
  const fields = inputFields(steps.body);
  // A table holds text: a number field's cell is read as the number it writes ("3", " 12 "); any other text is left for the schema to refuse under its cell.
  const numbers = numberFields(steps.body);
  // A choice's cell may name it as the API does, or by its code set's words in either language, as the
  // screens, the list and its export show it ("Inactive", "사용"), in each of their forms ("Country", "Countries", "국가").
  const choicesOf = choiceFields(steps.body);
  const choiceByWords = new Map<string, Map<string, string>>();
  for (const [field, choices] of choicesOf) {
    const byWords = new Map<string, string>();
    const set = codeSetOf(declaration, field);
    for (const choice of choices) {
      const forms = set ? LANGUAGES.flatMap((language) => readerWords(language)(codeMessageKey(set, choice), { _: choice }).split('||||')) : [];
      for (const words of [choice, ...forms]) if (!byWords.has(headerKey(words))) byWords.set(headerKey(words), choice);
    }
    choiceByWords.set(field, byWords);
  }
  const cellValue = (field: string, cell: string) => (numbers.has(field) && /^\s*-?\d+(\.\d+)?\s*$/.test(cell) ? Number(cell) : (choiceByWords.get(field)?.get(headerKey(cell)) ?? cell));
  // A field's names a header may use: its own, and its label in each language.
  const fieldByHeader = new Map<string, string>();
  const namesOf = (field: string) => [field, labelOf(resourceLabelsEn.messages[name], field), labelOf(resourceLabelsKo.messages[name], field)].filter((words): words is string => words !== undefined);
  for (const field of fields) for (const words of namesOf(field)) if (!fieldByHeader.has(headerKey(words))) fieldByHeader.set(headerKey(words), field);
  // An export of the list imports back: the column of codes beside a coded field's words ("Active (code)")
  // is that field, read in place of its words; a column the list shows but a create does not take (its
  // updated time, in the zone the export names) is left out.
  const fieldByCodeHeader = new Map<string, string>();
  for (const field of fields) for (const words of namesOf(field)) for (const language of LANGUAGES) fieldByCodeHeader.set(headerKey(codeColumnHeader(words, language)), field);
  const listedOnly = new Map<string, string>();
  for (const field of exportableFields(declaration).filter((one) => !fields.includes(one))) for (const words of namesOf(field)) listedOnly.set(headerKey(words), field);
  // The fields an empty row is refused for lacking.
  const empty = steps.body.safeParse({});
  const required = new Set(empty.success ? [] : empty.error.issues.map((issue) => String(issue.path[0] ?? '')));
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const said = (key: 'crud.importEmpty' | 'crud.importNoRows') => sentence(key, { noun: recordNoun(noun) });

  routes.get(`${path}/import-template`, { onRequest: steps.onRequest, schema: { response: { 200: importTemplateResponse } } }, async () =>
    success({
      fields: fields.map((field) => ({ field, required: required.has(field), ...(choicesOf.has(field) ? { choices: choicesOf.get(field)! } : {}) })),
      csv: csvLine(fields),
    }),
  );

  /** The field a header names: a create's field (by name or label, or its code column), else one the list shows that is left out, else none. */
  function columnOf(header: string): ImportResult['columns'][number] {
    const key = headerKey(header);
    const field = fieldByHeader.get(key) ?? fieldByCodeHeader.get(key);
    if (field) return { header, field };
    const listed = listedOnly.get(key) ?? listedOnly.get(headerKey(withoutBrackets(header)));
    return listed ? { header, field: listed, skipped: true } : { header, field: null };
  }

  /** Reads the table and runs each row's create; the transaction is undone unless `commit` and every row passed. */
  async function importTable(
    request: FastifyRequest,
    reply: FastifyReply,
    source: { csv: string } | { xlsx: string },
    commit: boolean,
    chosen: (string | null)[] | undefined,
  ): Promise<{ result: ImportResult; written: boolean }> {
    // A chosen field the create does not take is a mistake in the request, not in the table: refused before reading it.
    const unknown = chosen?.find((field): field is string => field !== null && !fields.includes(field));
    if (unknown !== undefined) throw new AppError('VALIDATION_ERROR', sentence('crud.importChosenUnknown', { field: unknown, noun: recordNoun(noun) }));
    const table = 'csv' in source ? readTable(source.csv) : await readXlsx(app, source.xlsx);
    const result: ImportResult = { columns: [], rows: [], problems: [], created: [] };
    if ('problem' in table) return { result: { ...result, problems: [{ field: '', message: table.problem }] }, written: false };
    const [header, ...records] = table.records;
    if (!header) return { result: { ...result, problems: [{ field: '', message: said('crud.importEmpty') }] }, written: false };
    if (chosen && chosen.length !== header.length) throw new AppError('VALIDATION_ERROR', sentence('crud.importChosenCount', { count: header.length }));
    // The person's choice of field for each column, else the match by header.
    result.columns = chosen
      ? header.map((cell, index) => (chosen[index] === null ? { header: cell ?? '', field: null, skipped: true } : { header: cell ?? '', field: chosen[index]! }))
      : header.map((cell) => columnOf(cell ?? ''));
    // A field read from its code column is not read from its words too (a person's choice is taken as it is).
    if (!chosen) {
      const byCode = new Set(result.columns.filter((column, index) => column.field && header[index] !== null && fieldByCodeHeader.has(headerKey(header[index]!))).map((column) => column.field));
      result.columns = result.columns.map((column, index) =>
        column.field && byCode.has(column.field) && !fieldByCodeHeader.has(headerKey(header[index] ?? '')) ? { ...column, skipped: true } : column,
      );
    }
    const seen = new Map<string, string>();
    for (const { header: words, field, skipped } of result.columns) {
      if (skipped) continue;
      if (field === null) {
        result.problems.push({ field: '', message: sentence('crud.importColumnUnknown', { header: words, noun: recordNoun(noun) }) });
        continue;
      }
      const first = seen.get(field);
      if (first !== undefined) result.problems.push({ field, message: sentence('crud.importColumnTwice', { first, second: words, field }) });
      seen.set(field, words);
    }
    if (records.length === 0) result.problems.push({ field: '', message: said('crud.importNoRows') });
    if (records.length > IMPORT_MAX_ROWS) result.problems.push({ field: '', message: sentence('crud.importTooManyRows', { count: records.length, max: IMPORT_MAX_ROWS }) });
    if (result.problems.length > 0) return { result, written: false };

    result.rows = records.map((cells, index): ImportRow => {
      const values: Record<string, string | null> = {};
      result.columns.forEach(({ field, skipped }, column) => {
        if (!skipped) values[field!] = cells[column] ?? null;
      });
      const extra = cells.slice(result.columns.length).some((cell) => cell !== null);
      return { row: table.rowNumbers?.[index] ?? index + 2, values, problems: extra ? [{ field: '', message: sentence('crud.importExtraCells') }] : [] };
    });
    try {
      const created = await sharedTransaction(app.ctx.db, async () => {
        const ids: (number | string)[] = [];
        for (const row of result.rows) {
          // An empty cell is a value not given: the create's default, or its "required".
          const given = Object.fromEntries(Object.entries(row.values).flatMap(([field, value]) => (value === null ? [] : [[field, cellValue(field, value)]])));
          const input = steps.body.safeParse(given);
          if (!input.success) {
            row.problems.push(...input.error.issues.map((issue) => ({ field: issue.path.join('.'), ...issueMessage(issue) })));
            continue;
          }
          if (row.problems.length > 0) continue;
          // Each row is a savepoint of its own: one refused on PostgreSQL leaves the transaction usable for the next.
          try {
            ids.push(
              await app.ctx.db.transaction().execute(async (trx) => {
                await steps.checked(request, input.data);
                return steps.write(trx, request, reply, input.data);
              }),
            );
          } catch (error) {
            row.problems.push(...problemsOf(error));
          }
        }
        if (!commit || importProblemCount(result) > 0) throw new Undo(result);
        return ids;
      });
      return { result: { ...result, created }, written: true };
    } catch (error) {
      if (error instanceof Undo) return { result: error.result, written: false };
      throw error;
    }
  }

  routes.post(
    `${path}/import`,
    { onRequest: steps.onRequest, config: steps.config, bodyLimit: BODY_LIMIT, schema: { body: importInput, response: { 200: importResponse } } },
    async (request, reply) => {
      const commit = request.body.commit === true;
      const { result, written } = await importTable(request, reply, request.body, commit, request.body.columns);
      const count = result.rows.length;
      const problems = importProblemCount(result);
      // A problem of the whole file (an unknown column) is said as it is; else how many rows have one.
      if (commit && !written) throw new AppError('VALIDATION_ERROR', (result.problems[0]?.message as ServerMessage | undefined) ?? sentence('crud.importRefused', { problems, count }), result);
      if (commit) return success(result, sentence('crud.imported', { count, noun: recordNoun(noun) }));
      return success(result, sentence('crud.importChecked', { count, problems }));
    },
  );
}
