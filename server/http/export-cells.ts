import type { z } from 'zod';
import type { Translate } from '../../src/shared';
import { CODE_LISTS } from '../../src/shared/code-lists';
import { codeWords, type CodeSet } from '../../src/shared/code-sets';
import { wordedAs } from '../../src/shared/fields';
import { formatDateTime } from '../../src/shared/date-time';
import { rowTaskState, taskStateWord } from '../../src/shared/task-states';
import type { ResourceDeclaration } from '../../src/shared/resources/define';
import { sentence } from '../../src/i18n/serverMessage';
import type { ReaderLanguage } from './reader';
import { serverTextFor } from './reader-language';

/*
 * A list's rows as the screen shows them, for its export: the shown columns under their labels in
 * the reader's language, a code in its code table's words (its code beside it, for an importer), a
 * time on the reader's clock. CSV and XLSX write the same cells (list-export.ts).
 */

/** An instant as the API answers it (ISO, with its offset). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
export const isInstant = (value: unknown): value is string => typeof value === 'string' && INSTANT.test(value);

type Def = { type: string; innerType?: z.ZodType; entries?: Record<string, string>; shape?: Record<string, z.ZodType>; element?: z.ZodType; options?: z.ZodType[] };
const defOf = (schema: z.ZodType | undefined): Def | undefined => (schema as unknown as { def?: Def } | undefined)?.def;

/** A schema under its optional / nullable / default wrappers. */
function unwrapped(schema: z.ZodType | undefined): z.ZodType | undefined {
  const def = defOf(schema);
  if (def && ['optional', 'nullable', 'default', 'readonly', 'prefault', 'catch'].includes(def.type) && def.innerType) return unwrapped(def.innerType);
  return schema;
}

/** An object schema's fields. */
const shapeOf = (schema: z.ZodType | undefined): Record<string, z.ZodType> => {
  const def = defOf(unwrapped(schema));
  return def?.type === 'object' && def.shape ? def.shape : {};
};

/** The row schema of a declaration's list answer (envelope → data → list → row). */
export function listRowSchema(declaration: ResourceDeclaration): z.ZodType | undefined {
  const list = shapeOf(shapeOf(declaration.schemas.list).data).list;
  const def = defOf(unwrapped(list));
  return def?.type === 'array' ? def.element : undefined;
}

/** The row's fields a list export may write: its list row's, else its record's. */
export function exportableFields(declaration: ResourceDeclaration): string[] {
  const row = shapeOf(listRowSchema(declaration));
  return Object.keys(Object.keys(row).length ? row : shapeOf(declaration.schemas.record));
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((code) => b.includes(code));

/** The code set the field's schema is worded as (wordedAs), else the one whose codes exactly are its enum: read from the list row's schema, else the record's. */
export function codeSetOf(declaration: ResourceDeclaration, field: string): CodeSet | undefined {
  const schema = shapeOf(listRowSchema(declaration))[field] ?? shapeOf(declaration.schemas.record)[field];
  const worded = unwrapped(schema) && wordedAs.get(unwrapped(schema)!);
  if (worded) return worded.codeSet;
  const def = defOf(unwrapped(schema));
  if (def?.type !== 'enum' || !def.entries) return undefined;
  const codes = Object.values(def.entries);
  return (Object.keys(CODE_LISTS) as CodeSet[]).find((set) => sameSet(CODE_LISTS[set], codes));
}

/** The header of the column of codes beside a coded field's words ("Active (code)"), in a language; an import reads that column back as the field. */
export const codeColumnHeader = (label: string, language: ReaderLanguage): string => serverTextFor(sentence('listExport.codeColumn', { label }), language);

/** One column of an export: the field it reads (`a.b` for a nested one), its header, its cell. */
export interface ExportColumn {
  source: string;
  header: string;
  cell(row: Record<string, unknown>): unknown;
}

/** A value at `a.b` in a row. */
function valueAt(row: Record<string, unknown>, source: string): unknown {
  return source.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' && Object.hasOwn(node, part) ? (node as Record<string, unknown>)[part] : undefined), row);
}

/** A value no code table words, as a cell: a time on the reader's clock, a list's items joined, a named thing by its name. */
export function plainCell(value: unknown, timeZone: string): unknown {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return formatDateTime(value.toISOString(), timeZone);
  if (isInstant(value)) return formatDateTime(value, timeZone);
  if (Array.isArray(value)) return value.map((item) => plainCell(item, timeZone)).join('; ');
  if (typeof value === 'object') {
    const named = value as Record<string, unknown>;
    if (typeof named.name === 'string') return named.name;
    if (typeof named.originalName === 'string') return named.originalName;
    return JSON.stringify(value);
  }
  return value;
}

/**
 * The columns of an export, in the order asked: each under the list's label of its field in the
 * reader's language; a code field as its words, with its column of codes right after it under
 * codeColumnHeader in the reader's `language`; a column of times names the zone in its header.
 */
export function exportColumns(declaration: ResourceDeclaration, sources: readonly string[], t: Translate, timeZone: string, language: ReaderLanguage = 'en'): ExportColumn[] {
  return sources.flatMap((source): ExportColumn[] => {
    const label = t(`resources.${declaration.name}.fields.${source}`, { _: source });
    const set = source.includes('.') ? undefined : codeSetOf(declaration, source);
    if (!set) return [{ source, header: label, cell: (row) => plainCell(valueAt(row, source), timeZone) }];
    const code = (row: Record<string, unknown>) => valueAt(row, source);
    return [
      {
        source,
        header: label,
        cell: (row) => {
          // A task status reads as the task's state, in the one word every screen and mail uses (src/shared/task-states.ts).
          const state = set === 'taskStatus' ? rowTaskState(row, source) : undefined;
          if (state) return taskStateWord(state, t);
          return typeof code(row) === 'string' ? codeWords(t, set, code(row) as string) : plainCell(code(row), timeZone);
        },
      },
      { source, header: codeColumnHeader(label, language), cell: (row) => plainCell(code(row), timeZone) },
    ];
  });
}

/** The header row; a column whose cells are times names the zone: "Last sign-in (Asia/Seoul)". */
export function headerOf(columns: readonly ExportColumn[], timedSources: ReadonlySet<string>, timeZone: string): string[] {
  return columns.map((column) => (timedSources.has(column.source) ? `${column.header} (${timeZone})` : column.header));
}
