import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { FILE_READ_LIMITS } from '../../../src/shared/upload-rules';
import { sentence } from '../../../src/i18n/serverMessage';

const MIB = 1024 * 1024;
const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** The end-of-directory record and the longest comment it may carry. */
const TAIL_BYTES = 22 + 0xffff;
/** A workbook has a few dozen parts; a directory of more is not one worth reading. */
const MAX_ENTRIES = 10_000;
/** Below this, a part's ratio says nothing (tiny XML compresses well and costs nothing). */
const RATIO_FLOOR_BYTES = MIB;
/** Parts exceljs needs before the sheet; without them it writes the sheet to a temporary file. */
const EMPTY_RELS = '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>';
const EMPTY_STRINGS = '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>';
const DOCTYPE = Buffer.from('<!DOCTYPE');

interface Part {
  name: string;
  flags: number;
  method: number;
  packed: number;
  size: number;
  offset: number;
}

const mib = (bytes: number) => `${Math.ceil(bytes / MIB)} MiB`;

/** The zip directory's parts, read from the end of the file, refused when the archive is not a plain one. */
async function directory(path: string): Promise<{ parts: Part[]; fileSize: number }> {
  const file = await open(path, 'r');
  try {
    const fileSize = (await file.stat()).size;
    const tailLength = Math.min(fileSize, TAIL_BYTES);
    const tail = Buffer.alloc(tailLength);
    await file.read(tail, 0, tailLength, fileSize - tailLength);
    let end = -1;
    for (let at = tailLength - 22; at >= 0 && end < 0; at -= 1) if (tail.readUInt32LE(at) === END_OF_DIRECTORY) end = at;
    if (end < 0) throw new Error('it has no zip directory, so it is damaged or not an XLSX.');
    const count = tail.readUInt16LE(end + 10);
    const length = tail.readUInt32LE(end + 12);
    const start = tail.readUInt32LE(end + 16);
    if (tail.readUInt16LE(end + 4) !== 0 || count === 0xffff || start === 0xffffffff || count > MAX_ENTRIES) throw new Error('its zip directory is split, ZIP64 or too long, which no XLSX needs.');
    if (start + length > fileSize) throw new Error('its zip directory points past the end of the file, so it is damaged.');
    const listing = Buffer.alloc(length);
    await file.read(listing, 0, length, start);
    const parts: Part[] = [];
    for (let at = 0, index = 0; index < count; index += 1) {
      if (at + 46 > length || listing.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new Error('its zip directory is damaged.');
      const nameLength = listing.readUInt16LE(at + 28);
      const part = {
        name: listing.toString('utf8', at + 46, at + 46 + nameLength),
        flags: listing.readUInt16LE(at + 8),
        method: listing.readUInt16LE(at + 10),
        packed: listing.readUInt32LE(at + 20),
        size: listing.readUInt32LE(at + 24),
        offset: listing.readUInt32LE(at + 42),
      };
      parts.push(part);
      at += 46 + nameLength + listing.readUInt16LE(at + 30) + listing.readUInt16LE(at + 32);
    }
    return { parts, fileSize };
  } finally {
    await file.close();
  }
}

/** Refuses a part whose declared size is over a limit; the inflating below holds it to that size. */
function checkSize(part: Part, limit: number): void {
  if (part.flags & 1) throw new Error(sentence('uploads.isEncrypted', { name: part.name }));
  if (part.method !== 0 && part.method !== 8) throw new Error(sentence('uploads.usesZipMethodOnlyStored', { name: part.name, method: part.method }));
  if (part.size > limit) throw new Error(sentence('uploads.expandsToOverTheAn', { name: part.name, mib: mib(part.size), mib2: mib(limit) }));
  if (part.size > RATIO_FLOOR_BYTES && part.size > part.packed * FILE_READ_LIMITS.xlsxMaxRatio) {
    throw new Error(sentence('uploads.expandsTimesItsPackedSize', { name: part.name, round: Math.round(part.size / Math.max(part.packed, 1)), xlsxMaxRatio: FILE_READ_LIMITS.xlsxMaxRatio }));
  }
}

/** A local file header of a stored part: the size is known, so the zip reader takes exactly that many bytes. */
function storedHeader(name: string, size: number): Buffer {
  const nameBytes = Buffer.from(name, 'utf8');
  const header = Buffer.alloc(30);
  header.writeUInt32LE(LOCAL_HEADER, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(0x0800, 6);
  header.writeUInt32LE(size, 18);
  header.writeUInt32LE(size, 22);
  header.writeUInt16LE(nameBytes.length, 26);
  return Buffer.concat([header, nameBytes]);
}

/** A part's bytes, inflated, refused past its declared size (the limits were checked on it) or with a DTD. */
async function* partBytes(path: string, part: Part, onBytes: (bytes: number) => void): AsyncGenerator<Buffer> {
  const file = await open(path, 'r');
  let dataStart: number;
  try {
    const local = Buffer.alloc(30);
    await file.read(local, 0, 30, part.offset);
    if (local.readUInt32LE(0) !== LOCAL_HEADER) throw new Error(sentence('uploads.isNotWhereTheZip', { name: part.name }));
    dataStart = part.offset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  } finally {
    await file.close();
  }
  if (part.packed === 0) {
    if (part.size !== 0) throw new Error(sentence('uploads.isEmptyButDeclaresBytes', { name: part.name, size: part.size }));
    return;
  }
  const raw = createReadStream(path, { start: dataStart, end: dataStart + part.packed - 1 });
  raw.on('data', (chunk) => onBytes(chunk.length));
  const data = part.method === 8 ? raw.pipe(createInflateRaw()) : raw;
  if (data !== raw) raw.on('error', (error) => data.destroy(error));
  let written = 0;
  let previous: Buffer = Buffer.alloc(0);
  try {
    for await (const chunk of data as AsyncIterable<Buffer>) {
      written += chunk.length;
      if (written > part.size) throw new Error(sentence('uploads.expandsPastTheBytesIts', { name: part.name, size: part.size }));
      // No spreadsheet part declares a DTD; one that does is after entity expansion (a "billion laughs").
      if (chunk.includes(DOCTYPE) || Buffer.concat([previous, chunk.subarray(0, DOCTYPE.length - 1)]).includes(DOCTYPE)) {
        throw new Error(sentence('uploads.declaresADtdDoctypeWhich', { name: part.name }));
      }
      previous = chunk.subarray(Math.max(0, chunk.length - DOCTYPE.length + 1));
      yield chunk;
    }
  } finally {
    raw.destroy();
    data.destroy();
  }
  if (written !== part.size) throw new Error(sentence('uploads.expandsToFewerBytesThan', { name: part.name }));
}

/**
 * The XLSX at `path` as the zip exceljs' streaming reader needs, read within FILE_READ_LIMITS:
 * the directory is read first and every part's declared size checked (alone, against its packed
 * size, and together), then only the parts the reader uses are inflated here, counted against
 * those sizes, and handed on stored, in the order that keeps exceljs from writing the sheet to a
 * temporary file (relationships and shared strings before the sheet, empty ones when absent).
 * Only the first worksheet in the zip is passed on: the upload reads no other.
 */
export async function boundedXlsx(path: string, onBytes: (bytes: number) => void): Promise<Readable> {
  const { parts, fileSize } = await directory(path);
  const find = (test: (name: string) => boolean) => parts.find((part) => test(part.name));
  const rels = find((name) => name === 'xl/_rels/workbook.xml.rels');
  const workbook = find((name) => name === 'xl/workbook.xml');
  const strings = find((name) => name === 'xl/sharedStrings.xml');
  const styles = find((name) => name === 'xl/styles.xml');
  const sheet = find((name) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name));
  if (!workbook || !sheet) throw new Error('it has no workbook or no worksheet, so it is not an XLSX workbook.');
  const read = [rels, workbook, strings, styles, sheet].filter((part): part is Part => part !== undefined);
  for (const part of read) checkSize(part, part === strings ? FILE_READ_LIMITS.sharedStringsMaxBytes : FILE_READ_LIMITS.xlsxMaxBytes);
  const total = read.reduce((sum, part) => sum + part.size, 0);
  if (total > FILE_READ_LIMITS.xlsxMaxBytes) throw new Error(`its sheet and the parts it needs expand to ${mib(total)}, over the ${mib(FILE_READ_LIMITS.xlsxMaxBytes)} an upload may; split it.`);
  // The parts not read still count as read, so the progress reaches the file's size.
  onBytes(fileSize - read.reduce((sum, part) => sum + part.packed, 0));

  const entries: [string, Part | string | undefined][] = [
    ['xl/_rels/workbook.xml.rels', rels ?? EMPTY_RELS],
    ['xl/workbook.xml', workbook],
    ['xl/sharedStrings.xml', strings ?? EMPTY_STRINGS],
    ['xl/styles.xml', styles],
    [sheet.name, sheet],
  ];
  async function* stored(): AsyncGenerator<Buffer> {
    for (const [name, content] of entries) {
      if (content === undefined) continue;
      if (typeof content === 'string') {
        yield storedHeader(name, Buffer.byteLength(content));
        yield Buffer.from(content);
      } else {
        yield storedHeader(name, content.size);
        yield* partBytes(path, content, onBytes);
      }
    }
  }
  return Readable.from(stored(), { objectMode: false });
}
