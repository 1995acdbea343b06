import type { CollectField } from '../../src/shared';
import { TaskFailure } from './task-failure';

export type SourceRow = Record<string, unknown>;
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

/** One source value as the master field's type; an Error names what is wrong. */
function masterValue(raw: unknown, field: CollectField): MasterValue | Error {
  if (raw === undefined || raw === null || raw === '') {
    return field.fieldFlag === 'Y' ? new Error(`${field.code} is required`) : null;
  }
  if (field.type === 'NUMBER') {
    const number = typeof raw === 'number' ? raw : Number(String(raw).replace(/,/g, '').trim());
    return Number.isFinite(number) ? number : new Error(`${field.code} is not a number (${String(raw).slice(0, 40)})`);
  }
  if (field.type === 'DATE') {
    const match = DATE_PATTERN.exec(String(raw).trim());
    if (!match || Number.isNaN(Date.parse(`${match[1]}T00:00:00Z`))) return new Error(`${field.code} is not a date (${String(raw).slice(0, 40)})`);
    return match[1];
  }
  return typeof raw === 'object' ? JSON.stringify(raw) : String(raw);
}

export interface MappedRows {
  rows: MasterRow[];
  /** The master key of each row (its masterFlag fields), null when it has none. */
  keys: (string | null)[];
  errors: { row: number; message: string }[];
}

/**
 * Maps source rows to master rows and validates them. Rows sharing a master key collapse to the
 * last one, so a source that repeats a row across pages does not double it.
 */
export function mapToMaster(sourceRows: SourceRow[], fields: CollectField[], flatColumns: boolean, maxErrors = 20): MappedRows {
  const keyFields = fields.filter((field) => field.masterFlag === 'Y');
  const byKey = new Map<string, number>();
  const rows: MasterRow[] = [];
  const keys: (string | null)[] = [];
  const errors: MappedRows['errors'] = [];
  sourceRows.forEach((source, index) => {
    const row: MasterRow = {};
    const problems: string[] = [];
    for (const field of fields) {
      const value = masterValue(flatColumns ? source[field.field] : readPath(source, field.field), field);
      if (value instanceof Error) problems.push(value.message);
      else row[field.code] = value;
    }
    if (problems.length) {
      if (errors.length < maxErrors) errors.push({ row: index + 1, message: problems.join('; ') });
      else errors.length === maxErrors && errors.push({ row: index + 1, message: 'further rows are not shown' });
      return;
    }
    const key = keyFields.length ? JSON.stringify(keyFields.map((field) => row[field.code])) : null;
    const existing = key === null ? undefined : byKey.get(key);
    if (existing !== undefined) {
      rows[existing] = row;
      return;
    }
    if (key !== null) byKey.set(key, rows.length);
    rows.push(row);
    keys.push(key);
  });
  return { rows, keys, errors };
}

/** Throws the task failure for rows that fail master validation; nothing is stored then. */
export function assertValid(mapped: MappedRows): void {
  if (!mapped.errors.length) return;
  const shown = mapped.errors.slice(0, 5).map((error) => `row ${error.row}: ${error.message}`).join('; ');
  throw new TaskFailure('MASTER_VALIDATION', `${mapped.errors.length >= 20 ? 'At least 20' : mapped.errors.length} rows fail master validation: ${shown}`);
}

/** CSV headers must contain every mapped source column. */
export function assertColumns(columns: string[], fields: CollectField[]): void {
  const missing = fields.map((field) => field.field).filter((name) => !columns.includes(name));
  if (missing.length) throw new TaskFailure('SOURCE_MISSING_COLUMNS', `The source lacks mapped columns: ${missing.join(', ')}.`);
}
