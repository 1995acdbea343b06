import { createReadStream } from 'node:fs';
import { parse as parseCsvStream } from 'csv-parse';
import { parse as parseCsv } from 'csv-parse/sync';
import type { CollectField } from '../../../src/shared';
import { FILE_READ_LIMITS } from '../../../src/shared/upload-rules';
import { columnIndexes, type SourceRow } from './master-mapping';
import { TaskFailure } from './task-failure';
import { sentence } from '../../../src/i18n/serverMessage';

/** Rows handed on at a time while a file streams: big enough to be cheap, small enough to stay flat. */
export const SOURCE_BATCH = 1000;

/**
 * CSV without quotes (the common export), split line by line as chunks arrive and projected to the
 * field list's order without keeping the unmapped columns: several times faster than csv-parse.
 */
class CsvSplitter {
  rows: SourceRow[] = [];
  private columns: string[] | null = null;
  private indexes: number[] = [];
  private line = 0;
  private rest = '';
  private ended = false;

  constructor(
    private fields: CollectField[],
    private where: string,
  ) {}

  push(chunk: string): void {
    const text = this.rest + chunk;
    let start = 0;
    for (let end = text.indexOf('\n'); end !== -1 && !this.ended; end = text.indexOf('\n', start)) {
      this.take(text.slice(start, end));
      start = end + 1;
    }
    this.rest = this.ended ? '' : text.slice(start);
    // A file without line ends would otherwise be kept whole.
    if (this.rest.length > FILE_READ_LIMITS.maxLineChars)
      throw new TaskFailure('SOURCE_MALFORMED', sentence('collect.hasALineLongerThan', { where: this.where, maxLineChars: FILE_READ_LIMITS.maxLineChars.toLocaleString('en'), line: this.line + 1 }));
  }

  end(): void {
    if (this.rest) this.take(this.rest);
    this.rest = '';
  }

  private take(raw: string): void {
    this.line++;
    let text = raw.charCodeAt(raw.length - 1) === 13 ? raw.slice(0, -1) : raw;
    if (this.columns === null) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      this.columns = text.split(',').map((name) => name.trim());
      if (!this.columns[0])
        this.ended = true; // no header: no rows
      else this.indexes = columnIndexes(this.columns, this.fields);
      return;
    }
    if (!text) return;
    const record = text.split(',');
    if (record.length !== this.columns.length)
      throw new TaskFailure('SOURCE_MALFORMED', sentence('collect.isNotValidCsvLine', { where: this.where, line: this.line, length: record.length, length2: this.columns.length }));
    this.rows.push(this.indexes.map((index) => record[index]));
  }
}

/** Quoted CSV through csv-parse, projected the same way. */
function projected(records: string[][], fields: CollectField[], state: { indexes?: number[] | null }): SourceRow[] {
  const rows: SourceRow[] = [];
  for (const record of records) {
    if (state.indexes === undefined) {
      const columns = record.map((name) => name.trim());
      state.indexes = columns.length ? columnIndexes(columns, fields) : null;
    } else if (state.indexes) rows.push(state.indexes.map((index) => record[index]));
  }
  return rows;
}

const malformed = (where: string, error: unknown) =>
  error instanceof TaskFailure ? error : new TaskFailure('SOURCE_MALFORMED', sentence('collect.isNotValidCsv', { where, reason: (error as Error).message }));

/** The rows of one CSV text (an API page). */
export function csvTextRows(text: string, fields: CollectField[], where: string): SourceRow[] {
  if (!text.includes('"')) {
    const splitter = new CsvSplitter(fields, where);
    splitter.push(text);
    splitter.end();
    return splitter.rows;
  }
  let records: string[][];
  try {
    records = parseCsv(text, { skip_empty_lines: true, bom: true });
  } catch (error) {
    throw malformed(where, error);
  }
  return projected(records, fields, {});
}

async function hasQuote(path: string): Promise<boolean> {
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) if ((chunk as Buffer).includes(0x22)) return true;
  return false;
}

/** The rows of a CSV file in batches of about SOURCE_BATCH, read as a stream (never whole). */
export async function* csvFileRows(path: string, fields: CollectField[], where: string): AsyncGenerator<SourceRow[]> {
  if (!(await hasQuote(path))) {
    const splitter = new CsvSplitter(fields, where);
    for await (const chunk of createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 16 })) {
      splitter.push(chunk as string);
      if (splitter.rows.length >= SOURCE_BATCH) {
        yield splitter.rows;
        splitter.rows = [];
      }
    }
    splitter.end();
    if (splitter.rows.length) yield splitter.rows;
    return;
  }
  const state: { indexes?: number[] | null } = {};
  const parser = createReadStream(path).pipe(parseCsvStream({ skip_empty_lines: true, bom: true, max_record_size: FILE_READ_LIMITS.maxLineChars }));
  let records: string[][] = [];
  try {
    for await (const record of parser) {
      records.push(record as string[]);
      if (records.length >= SOURCE_BATCH) {
        const rows = projected(records, fields, state);
        records = [];
        if (rows.length) yield rows;
      }
    }
  } catch (error) {
    throw malformed(where, error);
  }
  const rows = projected(records, fields, state);
  if (rows.length) yield rows;
}

/** A CSV text as its header and records, unprojected (for "Test source", which lists every column). */
export function csvTextTable(text: string, where: string): { columns: string[]; records: string[][] } {
  let records: string[][];
  try {
    records = parseCsv(text, { skip_empty_lines: true, bom: true });
  } catch (error) {
    throw malformed(where, error);
  }
  const [header = [], ...rest] = records;
  return { columns: header.map((name) => name.trim()), records: rest };
}
