import type { CollectField } from '../../../src/shared';
import { TaskFailure } from './task-failure';
import { sentence, type ServerMessage } from '../../../src/i18n/serverMessage';

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

/** A master DATE value: a day, optionally with a time (kept as the day). */
export const DATE_PATTERN = /^(\d{4}-\d{2}-\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** One source value as the master field's JSON text; an Error names what is wrong. */
function masterJson(raw: unknown, field: CollectField): string | Error {
  if (raw === undefined || raw === null || raw === '') {
    return field.fieldFlag === 'Y' ? new Error(sentence('collect.isRequired', { code: field.code })) : 'null';
  }
  if (field.type === 'NUMBER') {
    const number = typeof raw === 'number' ? raw : Number(String(raw).replace(/,/g, '').trim());
    return Number.isFinite(number) ? String(number) : new Error(sentence('collect.isNotANumber', { code: field.code, String: String(raw).slice(0, 40) }));
  }
  if (field.type === 'DATE') {
    const match = DATE_PATTERN.exec(String(raw).trim());
    if (!match || Number.isNaN(Date.parse(`${match[1]}T00:00:00Z`))) return new Error(sentence('collect.isNotADate', { code: field.code, String: String(raw).slice(0, 40) }));
    return `"${match[1]}"`;
  }
  return JSON.stringify(typeof raw === 'object' ? JSON.stringify(raw) : String(raw));
}

/** One mapped row: its JSON object text (master_rows.row_data) and master key (masterFlag fields as JSON, null without). */
export interface MasterRowText {
  json: string;
  key: string | null;
}

export interface RowError {
  row: number;
  message: ServerMessage;
}

/**
 * A mapper for one field list: each source row becomes its master JSON text directly (a run
 * streams rows through it, so only the row at hand exists as values), or the reasons it fails.
 */
export function masterMapper(fields: CollectField[]): (source: SourceRow) => MasterRowText | ServerMessage {
  const prefixes = fields.map((field, index) => `${index ? ',' : '{'}${JSON.stringify(field.code)}:`);
  const keyIndexes = fields.flatMap((field, index) => (field.masterFlag === 'Y' ? [index] : []));
  const values: string[] = new Array(fields.length);
  const parts: string[] = new Array(fields.length * 2 + 1).fill('}');
  return (source) => {
    let problems: ServerMessage[] | undefined;
    for (let i = 0; i < fields.length; i++) {
      const value = masterJson(Array.isArray(source) ? source[i] : readPath(source, fields[i].field), fields[i]);
      if (value instanceof Error) (problems ??= []).push(value.message as ServerMessage);
      else {
        parts[2 * i] = prefixes[i];
        parts[2 * i + 1] = values[i] = value;
      }
    }
    if (problems) return problems.length === 1 ? problems[0] : sentence('collect.problemsOfARow', { problems: { clauses: problems } });
    // join() makes one flat string; += would keep a tree of pieces per row alive.
    return { json: parts.join(''), key: keyIndexes.length ? `[${keyIndexes.map((i) => values[i]).join(',')}]` : null };
  };
}

/**
 * Maps a few source rows for the "Test source" preview; rows sharing a master key collapse to the
 * last one, as they do when a run stores them.
 */
export function mapToMaster(sourceRows: SourceRow[], fields: CollectField[], maxErrors = 20): { rows: string[]; errors: RowError[] } {
  const map = masterMapper(fields);
  const byKey = new Map<string, number>();
  const rows: string[] = [];
  const errors: RowError[] = [];
  sourceRows.forEach((source, index) => {
    const mapped = map(source);
    if (typeof mapped === 'string') {
      if (errors.length < maxErrors) errors.push({ row: index + 1, message: mapped });
      return;
    }
    const existing = mapped.key === null ? undefined : byKey.get(mapped.key);
    if (existing !== undefined) rows[existing] = mapped.json;
    else {
      if (mapped.key !== null) byKey.set(mapped.key, rows.length);
      rows.push(mapped.json);
    }
  });
  return { rows, errors };
}

/** Throws the task failure for rows that fail master validation; nothing is stored then. */
export function assertValid(errors: RowError[], maxErrors = 20): void {
  if (!errors.length) return;
  const shown = { clauses: errors.slice(0, 5).map((error) => sentence('collect.rowFails', { row: error.row, problem: error.message })) };
  const failure =
    errors.length >= maxErrors ? sentence('collect.atLeastRowsFailMasterValidation', { count: maxErrors, shown }) : sentence('collect.rowsFailMasterValidation', { count: errors.length, shown });
  throw new TaskFailure('MASTER_VALIDATION', failure);
}

/** CSV headers must contain every mapped source column; answers each field's column index. */
export function columnIndexes(columns: string[], fields: CollectField[]): number[] {
  const missing = fields.map((field) => field.field).filter((name) => !columns.includes(name));
  if (missing.length) throw new TaskFailure('SOURCE_MISSING_COLUMNS', sentence('collect.theSourceLacksMappedColumns', { missing: missing.join(', ') }));
  return fields.map((field) => columns.indexOf(field.field));
}
