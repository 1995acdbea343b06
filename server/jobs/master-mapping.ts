import type { CollectField } from '../../src/shared';
import { TaskFailure } from './task-failure';

/** A JSON source row (read by dotted paths), or a CSV record already projected to the field list's order. */
export type SourceRow = Record<string, unknown> | string[];
export type MasterValue = string | number | null;
export type MasterRow = Record<string, MasterValue>;

/** Reads a dotted path (`a.b.0.c`) of a parsed JSON value. */
export function readPath(value: unknown, path: string | null | undefined): unknown {
  if (!path) return value;
  let current: unknown = value;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

const DATE_PATTERN = /^(\d{4}-\d{2}-\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** One source value as the master field's JSON text; an Error names what is wrong. */
function masterJson(raw: unknown, field: CollectField): string | Error {
  if (raw === undefined || raw === null || raw === '') {
    return field.fieldFlag === 'Y' ? new Error(`${field.code} is required`) : 'null';
  }
  if (field.type === 'NUMBER') {
    const number = typeof raw === 'number' ? raw : Number(String(raw).replace(/,/g, '').trim());
    return Number.isFinite(number) ? String(number) : new Error(`${field.code} is not a number (${String(raw).slice(0, 40)})`);
  }
  if (field.type === 'DATE') {
    const match = DATE_PATTERN.exec(String(raw).trim());
    if (!match || Number.isNaN(Date.parse(`${match[1]}T00:00:00Z`))) return new Error(`${field.code} is not a date (${String(raw).slice(0, 40)})`);
    return `"${match[1]}"`;
  }
  return JSON.stringify(typeof raw === 'object' ? JSON.stringify(raw) : String(raw));
}

export interface MappedRows {
  /** Each mastered row as the JSON object text stored in master_rows.row_data. */
  rows: string[];
  /** The master key of each row (its masterFlag fields, as JSON), null when it has none. */
  keys: (string | null)[];
  errors: { row: number; message: string }[];
}

/**
 * Maps source rows to master rows and validates them, writing each row's JSON directly (a million
 * rows stay a million strings, not a million objects). Rows sharing a master key collapse to the
 * last one, so a source that repeats a row across pages does not double it.
 */
export function mapToMaster(sourceRows: SourceRow[], fields: CollectField[], maxErrors = 20): MappedRows {
  const prefixes = fields.map((field, index) => `${index ? ',' : '{'}${JSON.stringify(field.code)}:`);
  const keyIndexes = fields.flatMap((field, index) => (field.masterFlag === 'Y' ? [index] : []));
  const byKey = new Map<string, number>();
  const rows: string[] = [];
  const keys: (string | null)[] = [];
  const errors: MappedRows['errors'] = [];
  const values: string[] = new Array(fields.length);
  const parts: string[] = new Array(fields.length * 2 + 1).fill('}');
  sourceRows.forEach((source, index) => {
    let problems: string[] | undefined;
    for (let i = 0; i < fields.length; i++) {
      const value = masterJson(Array.isArray(source) ? source[i] : readPath(source, fields[i].field), fields[i]);
      if (value instanceof Error) (problems ??= []).push(value.message);
      else {
        parts[2 * i] = prefixes[i];
        parts[2 * i + 1] = values[i] = value;
      }
    }
    if (problems) {
      if (errors.length < maxErrors) errors.push({ row: index + 1, message: problems.join('; ') });
      return;
    }
    // join() makes one flat string; += would keep a tree of pieces per row alive.
    const json = parts.join('');
    const key = keyIndexes.length ? `[${keyIndexes.map((i) => values[i]).join(',')}]` : null;
    const existing = key === null ? undefined : byKey.get(key);
    if (existing !== undefined) {
      rows[existing] = json;
      return;
    }
    if (key !== null) byKey.set(key, rows.length);
    rows.push(json);
    keys.push(key);
  });
  return { rows, keys, errors };
}

/** Throws the task failure for rows that fail master validation; nothing is stored then. */
export function assertValid(mapped: MappedRows, maxErrors = 20): void {
  if (!mapped.errors.length) return;
  const shown = mapped.errors.slice(0, 5).map((error) => `row ${error.row}: ${error.message}`).join('; ');
  throw new TaskFailure('MASTER_VALIDATION', `${mapped.errors.length >= maxErrors ? `At least ${maxErrors}` : mapped.errors.length} rows fail master validation: ${shown}`);
}

/** CSV headers must contain every mapped source column; answers each field's column index. */
export function columnIndexes(columns: string[], fields: CollectField[]): number[] {
  const missing = fields.map((field) => field.field).filter((name) => !columns.includes(name));
  if (missing.length) throw new TaskFailure('SOURCE_MISSING_COLUMNS', `The source lacks mapped columns: ${missing.join(', ')}.`);
  return fields.map((field) => columns.indexOf(field.field));
}
