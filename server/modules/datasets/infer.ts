import { rm } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import { DATASET_TITLE_MAX, MANUAL_UPLOAD_MAX_BYTES, MAX_DATASET_COLUMNS, type DatasetColumn, type InferredColumnReason } from '../../../src/shared';
import { validationError } from '../../http/app-error';
import { cleanFileName, detectKind } from '../../files/kinds';
import { receiveToTemp } from '../../files/receive';
import type { FileStore } from '../../files/store';
import { normaliseDate } from '../uploads/dates';
import { hasLeadingZero, normaliseNumber } from '../uploads/numbers';
import type { FileChecker } from '../uploads/check-thread';
import type { FileKindOfUpload } from '../uploads/parse';
import { TOO_LARGE_MESSAGE } from '../uploads/receive';
import { sentence } from '../../../src/i18n/serverMessage';

/** Data rows read to guess each column's type: enough to see a pattern, few enough to answer at once. */
const SAMPLE_ROWS = 200;
const COLUMN_NAME_MAX = 64;
/** Characters of a value a reason quotes. */
const EXAMPLE_MAX = 40;

export interface InferredDataset {
  title: string;
  schemaInfo: DatasetColumn[];
  /** Why each column has its type, in schemaInfo's order. */
  reasons: InferredColumnReason[];
  /** Data rows the types were guessed from. */
  sampledRows: number;
}

/** A header as a column name the dataset schema accepts: letters, digits and _, starting with a letter, unique. */
function columnNames(headers: string[]): string[] {
  const taken = new Set<string>();
  return headers.map((header, index) => {
    let name = header
      .trim()
      .replace(/[^A-Za-z0-9_]+/g, '_')
      .replace(/^_+|_+$/g, '');
    if (!/^[A-Za-z]/.test(name)) name = `column_${name || index + 1}`;
    name = name.slice(0, COLUMN_NAME_MAX);
    for (let suffix = 2; taken.has(name.toLowerCase()); suffix += 1) name = `${name.slice(0, COLUMN_NAME_MAX - String(suffix).length - 1)}_${suffix}`;
    taken.add(name.toLowerCase());
    return name;
  });
}

/**
 * A column's type from its sampled values, with the reason: DATE when every value is a date the
 * upload accepts, NUMBER when every value is a number it accepts (a number with a leading zero is a
 * code, so text), VARCHAR otherwise. Dates come first: 20260101 is a day more likely than an amount.
 */
function typeOf(values: string[]): { colType: DatasetColumn['colType']; reason: InferredColumnReason } {
  const count = values.length;
  const because = (colType: DatasetColumn['colType'], reason: InferredColumnReason['reason'], example?: string) => ({
    colType,
    reason: { reason, count, example: example === undefined ? null : example.slice(0, EXAMPLE_MAX) },
  });
  if (count === 0) return because('VARCHAR', 'EMPTY');
  if (values.every((value) => normaliseDate(value) !== undefined)) return because('DATE', 'DATES', values[0]);
  const notNumber = values.find((value) => normaliseNumber(value) === undefined);
  if (notNumber !== undefined) return because('VARCHAR', 'TEXT', notNumber);
  const code = values.find(hasLeadingZero);
  if (code !== undefined) return because('VARCHAR', 'LEADING_ZERO', code);
  return because('NUMBER', 'NUMBERS', values[0]);
}

/** Each column's proposal and its reason. Nothing is required or a key until chosen. */
function inferColumns(headers: string[], rows: (string | null)[][]): Pick<InferredDataset, 'schemaInfo' | 'reasons'> {
  const typed = columnNames(headers).map((colName, index) => {
    const values = rows.map((cells) => cells[index]).filter((cell): cell is string => cell !== null && cell !== undefined && cell !== '');
    return { colName, ...typeOf(values) };
  });
  return { schemaInfo: typed.map(({ colName, colType }) => ({ colName, colType, required: false, key: false })), reasons: typed.map((column) => column.reason) };
}

/**
 * A dataset proposed from a CSV or XLSX file (its header and first rows), for the person to edit
 * before saving: column names from the header, types guessed from the values, the title from the
 * file name. Nothing is stored; the received file is removed. The file is read on `reader`'s thread,
 * within the limits every uploaded file is read in; a file it cannot read is refused with its reason.
 */
export async function inferDataset(request: FastifyRequest, store: FileStore, reader: FileChecker): Promise<InferredDataset> {
  const part = await request.file({ limits: { files: 1, fields: 0, fileSize: MANUAL_UPLOAD_MAX_BYTES + 1 } }).catch(() => undefined);
  if (!part) throw validationError([{ field: 'file', message: sentence('datasets.chooseACsvOrXlsx') }]);
  const received = await receiveToTemp(part.file, store.tempPath(), MANUAL_UPLOAD_MAX_BYTES, TOO_LARGE_MESSAGE);
  try {
    const originalName = cleanFileName(part.filename);
    const kind = detectKind(received.head, originalName, ['csv', 'xlsx']) as FileKindOfUpload | undefined;
    if (!kind) throw validationError([{ field: 'file', message: sentence('datasets.isNotACsvOr', { originalName }) }]);
    const sampled = await reader.sample({ kind, filePath: received.tempPath, rows: SAMPLE_ROWS }).catch((error: Error) => {
      throw validationError([{ field: 'file', message: sentence('datasets.couldNotBeReadAs', { originalName, kind: kind.toUpperCase(), reason: error.message }) }]);
    });
    const { headers = [], rows } = sampled;
    if (!headers.some((header) => header.trim())) throw validationError([{ field: 'file', message: sentence('datasets.theFileIsEmptyIt') }]);
    if (headers.length > MAX_DATASET_COLUMNS) throw validationError([{ field: 'file', message: sentence('datasets.theFileHasColumnsA', { length: headers.length, MAX_DATASET_COLUMNS }) }]);
    return { title: originalName.replace(/\.(csv|xlsx)$/i, '').slice(0, DATASET_TITLE_MAX), ...inferColumns(headers, rows), sampledRows: rows.length };
  } finally {
    await rm(received.tempPath, { force: true });
  }
}
