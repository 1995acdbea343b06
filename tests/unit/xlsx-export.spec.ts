import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { xlsxStream } from '../../server/http/xlsx-export';

const BATCHES = 300;
const ROWS = 1000;

/** Batches of rows as a database read hands them out, counting how many were taken and whether the read was ended. */
function counted() {
  const state = { taken: 0, ended: false };
  async function* batches() {
    try {
      for (let batch = 0; batch < BATCHES; batch++) {
        state.taken++;
        yield Array.from({ length: ROWS }, (_, index) => [`row ${batch}-${index}`, index]);
      }
    } finally {
      state.ended = true;
    }
  }
  return { state, batches: batches() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('the XLSX writer of every export', () => {
  it('reads no further ahead than the download takes, then writes every row', async () => {
    const { state, batches } = counted();
    const out = xlsxStream('Sheet', ['name', 'number'], batches);
    // Nobody reads the download yet: the reading stops some way in and waits, rather than piling the sheet up in memory.
    await settle();
    await settle();
    expect(state.taken).toBeGreaterThan(0);
    expect(state.taken).toBeLessThan(BATCHES / 4);
    const chunks: Buffer[] = [];
    for await (const chunk of out) chunks.push(chunk as Buffer);
    expect(state.taken).toBe(BATCHES);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    expect(workbook.worksheets[0].rowCount).toBe(1 + BATCHES * ROWS);
    expect(workbook.worksheets[0].getRow(BATCHES * ROWS + 1).values).toEqual([undefined, `row ${BATCHES - 1}-${ROWS - 1}`, ROWS - 1]);
  });

  it('ends the read when the download is closed early', async () => {
    const { state, batches } = counted();
    const out = xlsxStream('Sheet', ['name', 'number'], batches);
    await settle();
    out.destroy();
    await expect.poll(() => state.ended, { timeout: 5_000 }).toBe(true);
    expect(state.taken).toBeLessThan(BATCHES);
  });
});
