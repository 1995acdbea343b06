import { DISCOVERY_MAX_BYTES, type CollectField, type DiscoveredField, type DiscoveredType, type SourceMethod, type SourcePreview } from '../../../src/shared';
import type { FirstPage } from './collectors';
import { parseBody } from './collectors';
import { csvTextTable } from './csv-source';
import { columnIndexes, DATE_PATTERN, mapToMaster, type SourceRow } from './master-mapping';
import { TaskFailure } from './task-failure';
import { sentence } from '../../../src/i18n/serverMessage';

const PREVIEW_ROWS = 20;
const SAMPLES = 3;
/** Bounds on what one page can make us walk: rows, elements of one array, fields listed. */
const MAX_ROWS = 1000;
const MAX_ELEMENTS = 50;
const MAX_FIELDS = 300;
const NUMBER_TEXT = /^[-+]?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/;
const MEGABYTES = `${DISCOVERY_MAX_BYTES / 1024 / 1024} MB`;

interface Seen {
  present: number;
  samples: string[];
  kinds: Set<DiscoveredType>;
  /** The row that last counted towards `present` (a path seen twice in one row, through an array, counts once). */
  lastRow: number;
}

function kindOf(value: unknown): DiscoveredType {
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return 'number';
  const text = String(value).trim();
  if (/^(true|false)$/i.test(text)) return 'boolean';
  if (NUMBER_TEXT.test(text)) return 'number';
  if (DATE_PATTERN.test(text) && !Number.isNaN(Date.parse(text.slice(0, 10)))) return 'date';
  return 'string';
}

/** Collects the values of each path, in the order paths first appear. */
class FieldCollector {
  readonly fields = new Map<string, Seen>();

  add(path: string, value: unknown, row: number): void {
    let seen = this.fields.get(path);
    if (!seen) {
      if (this.fields.size >= MAX_FIELDS) return;
      seen = { present: 0, samples: [], kinds: new Set(), lastRow: -1 };
      this.fields.set(path, seen);
    }
    if (value === null || value === undefined || value === '') return;
    if (seen.lastRow !== row) seen.present++;
    seen.lastRow = row;
    seen.kinds.add(kindOf(value));
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    if (seen.samples.length < SAMPLES && !seen.samples.includes(text)) seen.samples.push(text.slice(0, 200));
  }

  /** Flattens a JSON value: objects by dotted paths, array elements under `path[]`. */
  walk(value: unknown, path: string, row: number): void {
    if (Array.isArray(value)) {
      for (const element of value.slice(0, MAX_ELEMENTS)) this.walk(element, `${path}[]`, row);
      if (!value.length) this.add(`${path}[]`, null, row);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) this.walk(inner, path ? `${path}.${key}` : key, row);
    } else this.add(path, value, row);
  }

  result(mapPath: (path: string) => string): DiscoveredField[] {
    return [...this.fields].map(([path, seen]) => ({
      path,
      mapPath: mapPath(path),
      samples: seen.samples,
      present: seen.present,
      // One kind throughout is that kind; numbers mixed with text (or nothing seen) is text.
      type: seen.kinds.size === 1 ? [...seen.kinds][0] : 'string',
    }));
  }
}

/** The fields of JSON rows; an array path maps its first element (`items[].id` → `items.0.id`). */
export function jsonFields(rows: Record<string, unknown>[]): DiscoveredField[] {
  const collector = new FieldCollector();
  rows.slice(0, MAX_ROWS).forEach((row, index) => collector.walk(row, '', index));
  return collector.result((path) => path.replaceAll('[]', '.0'));
}

/** The fields of CSV records: one per column, in header order. */
export function csvFields(columns: string[], records: string[][]): DiscoveredField[] {
  const collector = new FieldCollector();
  for (const column of columns) collector.add(column, null, -1);
  records.slice(0, MAX_ROWS).forEach((record, row) => columns.forEach((column, index) => collector.add(column, record[index], row)));
  return collector.result((path) => path);
}

const isHtml = (page: FirstPage) => /html/i.test(page.meta.contentType ?? '') || /^\s*<(!doctype|html|head|body|\?xml)/i.test(page.text);

/** Refuses a first page that cannot be discovered, in words: empty, a web page, JSON past the limit. */
function checkReadable(page: FirstPage, format: SourceMethod['responseFormat']): void {
  if (!page.text.trim()) throw new TaskFailure('SOURCE_MALFORMED', sentence('collect.isEmptyTheSourceAnswered', { where: page.where }));
  if (isHtml(page)) {
    throw new TaskFailure(
      'SOURCE_MALFORMED',
      page.meta.contentType
        ? sentence('collect.isAnHtmlPageWithType', { where: page.where, format, contentType: page.meta.contentType })
        : sentence('collect.isAnHtmlPageNot', { where: page.where, format }),
    );
  }
  if (page.truncated && format === 'JSON') {
    throw new TaskFailure('SOURCE_MALFORMED', sentence('collect.isLargerThanTestSource', { where: page.where, MEGABYTES, MEGABYTES2: MEGABYTES }));
  }
}

/**
 * "Test source" of a first page: every field it holds, and, when there is a mapping, the mapped
 * preview rows. The mapping may be empty, incomplete or wrong: the fields are listed all the same.
 */
export function previewOf(page: FirstPage, method: SourceMethod, fields: CollectField[]): SourcePreview {
  checkReadable(page, method.responseFormat);
  let discovered: DiscoveredField[];
  let sourceRows: SourceRow[];
  let rowsRead: number;
  let mappingProblem: string | null = null;
  if (method.responseFormat === 'CSV') {
    // A cut CSV page ends mid-line: its last, partial line is left out.
    const text = page.truncated ? page.text.slice(0, page.text.lastIndexOf('\n') + 1) : page.text;
    const { columns, records } = csvTextTable(text, page.where);
    discovered = csvFields(columns, records);
    rowsRead = records.length;
    sourceRows = [];
    if (fields.length) {
      try {
        const indexes = columnIndexes(columns, fields);
        sourceRows = records.slice(0, PREVIEW_ROWS).map((record) => indexes.map((index) => record[index]));
      } catch (error) {
        if (!(error instanceof TaskFailure)) throw error;
        mappingProblem = error.message;
      }
    }
  } else {
    const rows = parseBody(page.text, method, [], page.where) as Record<string, unknown>[];
    discovered = jsonFields(rows);
    rowsRead = rows.length;
    sourceRows = rows.slice(0, PREVIEW_ROWS);
  }
  const mapped = fields.length ? mapToMaster(sourceRows, fields) : { rows: [], errors: [] };
  return {
    fields: discovered,
    rowsRead,
    truncated: page.truncated,
    mappingProblem,
    rows: mapped.rows.map((row) => JSON.parse(row) as SourcePreview['rows'][number]),
    errors: mapped.errors,
    responseMeta: { ...page.meta, rows: rowsRead },
  };
}
