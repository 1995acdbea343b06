/**
 * The limits every uploaded file is read within (FILE_READ_LIMITS), on the reading thread: what a
 * zip's directory declares, what its parts really inflate to, rows, cells and time. The bombs that
 * reach the server through its routes are in tests/api/upload-bounds.spec.ts.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FileChecker } from '../../server/modules/uploads/check-thread';
import { FILE_READ_LIMITS } from '../../src/shared/upload-rules';
import { inEnglish } from '../../src/i18n/serverMessage';
import { inlineRow, sheetXml, textPart, workbook, zipOf } from '../api/xlsx-bombs';

const MIB = 1024 * 1024;
const folder = mkdtempSync(join(tmpdir(), 'bounded-read-'));
const checker = new FileChecker();
afterAll(async () => {
  await checker.close();
  rmSync(folder, { recursive: true, force: true });
});

const fileOf = (name: string, content: Buffer | string) => {
  const path = join(folder, name);
  writeFileSync(path, content);
  return path;
};
const sample = (kind: 'csv' | 'xlsx', path: string) => checker.sample({ kind, filePath: path, rows: 5 });
/** The refusal with its message in English words, as a reader would see it. */
const inEnglishRefusal = (sampled: Promise<unknown>) => sampled.catch((error: Error) => Promise.reject(new Error(inEnglish(error.message))));
const sheet = () => textPart('sheet', sheetXml(inlineRow(1, ['day', 'name']) + inlineRow(2, ['2024-01-01', 'Alice'])));

describe('an XLSX is read within what its zip directory declares', () => {
  it('reads a plain workbook', async () => {
    expect(await sample('xlsx', fileOf('plain.xlsx', workbook(sheet())))).toEqual({ type: 'sampled', headers: ['day', 'name'], rows: [['2024-01-01', 'Alice']], rowNumbers: [2] });
  });

  it('refuses a part that inflates past the size its directory declares', async () => {
    const real = sheet();
    await expect(inEnglishRefusal(sample('xlsx', fileOf('lying.xlsx', workbook({ ...real, size: real.size - 10 }))))).rejects.toThrow(
      `xl/worksheets/sheet1.xml expands past the ${real.size - 10} bytes its zip directory declares, so the file is damaged or built to overflow.`,
    );
  });

  it('refuses shared strings over their limit before inflating them, whatever their ratio', async () => {
    const strings = { ...textPart('xl/sharedStrings.xml', '<sst/>'), size: 40 * MIB, packed: 2 * MIB };
    await expect(inEnglishRefusal(sample('xlsx', fileOf('strings.xlsx', workbook(sheet(), { sharedStrings: strings }))))).rejects.toThrow(
      `xl/sharedStrings.xml expands to 40 MiB, over the ${FILE_READ_LIMITS.sharedStringsMaxBytes / MIB} MiB an upload may; save the sheet as CSV.`,
    );
  });

  it('refuses parts that expand past the total limit together, each under the ratio', async () => {
    const big = { ...sheet(), size: 1500 * MIB, packed: 20 * MIB };
    const styles = { ...textPart('xl/styles.xml', '<styleSheet/>'), size: 600 * MIB, packed: 10 * MIB };
    await expect(sample('xlsx', fileOf('total.xlsx', workbook(big, { styles })))).rejects.toThrow(
      `its sheet and the parts it needs expand to 2101 MiB, over the ${FILE_READ_LIMITS.xlsxMaxBytes / MIB} MiB an upload may; split it.`,
    );
  });

  it('refuses what is not a workbook: no zip directory, or no worksheet', async () => {
    await expect(sample('xlsx', fileOf('cut.xlsx', workbook(sheet()).subarray(0, 200)))).rejects.toThrow('it has no zip directory, so it is damaged or not an XLSX.');
    await expect(sample('xlsx', fileOf('empty.xlsx', zipOf([textPart('xl/workbook.xml', '<workbook/>')])))).rejects.toThrow('it has no workbook or no worksheet, so it is not an XLSX workbook.');
  });
});

describe('every file is read within rows, cells and time', () => {
  it('refuses a file of more data rows than the limit', async () => {
    const path = fileOf('rows.csv', `a\n${'1\n'.repeat(FILE_READ_LIMITS.maxRows + 1)}`);
    await expect(checker.check({ kind: 'csv', filePath: path, schema: [{ colName: 'a', colType: 'VARCHAR', required: false, key: false }] }, () => undefined)).rejects.toThrow(
      'it has more than 2,000,000 data rows, the most one upload may have; split it.',
    );
  }, 60_000);

  it('refuses a cell longer than the limit while it is still being read', async () => {
    // Checked as each 64 KiB of text is read, so a cell is caught within one chunk past the limit.
    await expect(sample('csv', fileOf('cell.csv', `a\n"${'x'.repeat(2 * FILE_READ_LIMITS.maxCellChars)}"\n`))).rejects.toThrow('a cell on line 2 is longer than 1,000,000 characters.');
  });

  it('ends a file that takes longer than its time with the thread, and reads the next file on a new one', async () => {
    const slow = new FileChecker(64, { checkSeconds: 0.2, sampleSeconds: 0.2 });
    try {
      const path = fileOf('slow.csv', `a\n${'1\n'.repeat(1_000_000)}`);
      await expect(slow.check({ kind: 'csv', filePath: path, schema: [{ colName: 'a', colType: 'VARCHAR', required: false, key: false }] }, () => undefined)).rejects.toThrow(
        'reading it took longer than 0.2 seconds, the most a file may take; split it into smaller files.',
      );
    } finally {
      await slow.close();
    }
    expect(await sample('csv', fileOf('next.csv', 'a\n1\n'))).toEqual({ type: 'sampled', headers: ['a'], rows: [['1']], rowNumbers: [2] });
  });
});
