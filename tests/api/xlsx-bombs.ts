/**
 * Hand-built XLSX files, bombs among them: a zip of the parts a workbook needs, each part given as
 * text or as a unit repeated many times. A repeated part is deflated once and its compressed block
 * repeated (each block ends with a full flush, so it does not refer to the ones before), which
 * makes a 600 MiB part in milliseconds, as small as a real bomb is.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';

const MIB = 1024 * 1024;

export interface ZipPart {
  name: string;
  /** Deflated bytes (raw). */
  data: Buffer;
  size: number;
  crc: number;
  /** The packed size the zip declares, when it is to lie (the data is left as it is). */
  packed?: number;
}

export function textPart(name: string, text: string): ZipPart {
  const content = Buffer.from(text);
  return { name, data: deflateRawSync(content), size: content.length, crc: crc32(content) };
}

/** A part of `head`, then `unit` repeated to fill `mib` MiB (rounded down to whole units), then `tail`. */
export function repeatedPart(name: string, head: string, unit: string, mib: number, tail: string): ZipPart {
  const unitBytes = Buffer.from(unit);
  const block = Buffer.alloc(Math.floor(MIB / unitBytes.length) * unitBytes.length);
  for (let at = 0; at < block.length; at += unitBytes.length) unitBytes.copy(block, at);
  const flushed = (bytes: Buffer) => deflateRawSync(bytes, { finishFlush: constants.Z_FULL_FLUSH });
  const blockDeflated = flushed(block);
  const [headBytes, tailBytes] = [Buffer.from(head), Buffer.from(tail)];
  let crc = crc32(headBytes);
  for (let n = 0; n < mib; n += 1) crc = crc32(block, crc);
  crc = crc32(tailBytes, crc);
  // The tail's block is the last one: deflated normally, it ends the stream.
  const data = Buffer.concat([flushed(headBytes), ...Array.from({ length: mib }, () => blockDeflated), deflateRawSync(tailBytes)]);
  return { name, data, size: headBytes.length + block.length * mib + tailBytes.length, crc };
}

/** A zip of the parts in the given order, deflated, with its central directory. */
export function zipOf(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(part.crc, 14);
    local.writeUInt32LE(part.packed ?? part.data.length, 18);
    local.writeUInt32LE(part.size, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(part.crc, 16);
    entry.writeUInt32LE(part.packed ?? part.data.length, 20);
    entry.writeUInt32LE(part.size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, name, part.data);
    central.push(entry, name);
    offset += 30 + name.length + part.data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** A sheet's XML: its rows as XML strings. */
export const sheetXml = (rows: string) => `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>${rows}</sheetData></worksheet>`;

/** A row of inline-string cells. */
export const inlineRow = (row: number, cells: string[]) =>
  `<row r="${row}">${cells.map((text, index) => `<c r="${String.fromCharCode(65 + index)}${row}" t="inlineStr"><is><t>${text}</t></is></c>`).join('')}</row>`;

/**
 * A workbook of one sheet. `sheet` and `sharedStrings` are the parts; `sheetFirst` puts the sheet
 * before the shared strings and the workbook's relationships (which makes exceljs write it to a
 * temporary file).
 */
export function workbook(sheet: ZipPart, options: { sharedStrings?: ZipPart; styles?: ZipPart; sheetFirst?: boolean } = {}): Buffer {
  const types = textPart(
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
  );
  const rootRels = textPart(
    '_rels/.rels',
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PACKAGE_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  );
  const book = textPart('xl/workbook.xml', `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="data" sheetId="1" r:id="rId1"/></sheets></workbook>`);
  const bookRels = textPart(
    'xl/_rels/workbook.xml.rels',
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PACKAGE_REL}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
  );
  const strings = [options.sharedStrings, options.styles].filter((part): part is ZipPart => part !== undefined);
  const named = { ...sheet, name: 'xl/worksheets/sheet1.xml' };
  const parts = options.sheetFirst ? [types, rootRels, book, named, bookRels, ...strings] : [types, rootRels, book, bookRels, ...strings, named];
  return zipOf(parts);
}

/** A shared-strings part of `mib` MiB of one repeated string: a bomb about a thousandfold. */
export const sharedStringsBomb = (mib: number) =>
  repeatedPart('xl/sharedStrings.xml', `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${MAIN}">`, `<si><t>${'x'.repeat(1000)}</t></si>`, mib, '</sst>');

/** A sheet of `mib` MiB of identical rows after a header row of `header`. */
export const sheetBomb = (header: string[], row: string[], mib: number) => {
  const full = sheetXml(inlineRow(1, header));
  const closing = '</sheetData></worksheet>';
  const unit = inlineRow(2, row).replace(/ r="[A-Z]*2"/g, '');
  return repeatedPart('xl/worksheets/sheet1.xml', full.slice(0, -closing.length), unit, mib, closing);
};

/** A sheet whose one cell expands through nested entities (the "billion laughs"). */
export function billionLaughsSheet(): ZipPart {
  const entities = ['<!ENTITY lol0 "lollollollollollollollollollol">'];
  for (let level = 1; level < 10; level += 1) entities.push(`<!ENTITY lol${level} "${`&lol${level - 1};`.repeat(10)}">`);
  return textPart(
    'xl/worksheets/sheet1.xml',
    `<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE worksheet [${entities.join('')}]><worksheet xmlns="${MAIN}"><sheetData>${inlineRow(1, ['name'])}${inlineRow(2, ['&lol9;'])}</sheetData></worksheet>`,
  );
}
