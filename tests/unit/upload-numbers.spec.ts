import { describe, expect, it } from 'vitest';
import { hasLeadingZero, normaliseNumber } from '../../server/modules/uploads/numbers';

describe('a NUMBER cell', () => {
  it('is read as spreadsheets write numbers and stored as a plain decimal', () => {
    const read: [string, string][] = [
      ['120', '120'],
      ['-5', '-5'],
      ['+7', '7'],
      ['1,200.50', '1200.50'],
      ['12,345,678', '12345678'],
      ['.5', '.5'],
      ['0.25', '0.25'],
      ['1e3', '1e3'],
      ['1.2E+15', '1.2E+15'],
      ['12345678901234567890', '12345678901234567890'],
    ];
    expect(read.map(([cell]) => [cell, normaliseNumber(cell)])).toEqual(read);
  });

  it('is not a number with a unit, a space, misplaced commas or no digit', () => {
    for (const cell of ['₩900', '$5', '12%', '1 000', '1,20', '1,2345', '1.', '1.2.3', 'e5', '-', '+', '', 'ten', '=1+2', '0x10']) expect(normaliseNumber(cell), cell).toBeUndefined();
  });

  it('with a leading zero reads as a code', () => {
    expect(['007', '0123', '-01'].every(hasLeadingZero)).toBe(true);
    expect(['0', '0.5', '10', '-0.1'].some(hasLeadingZero)).toBe(false);
  });
});
