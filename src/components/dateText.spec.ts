import { afterEach, describe, expect, it } from 'vitest';
import { caretAfterDigits, dateTextOf, maskDateText, parseDateText } from './dateText';

const zoneBefore = process.env.TZ;
afterEach(() => {
  process.env.TZ = zoneBefore;
});

describe('maskDateText', () => {
  it('lays digits into YYYY-MM-DD, writing a separator only once the next part has begun', () => {
    expect(maskDateText('2026', false)).toBe('2026');
    expect(maskDateText('20261', false)).toBe('2026-1');
    expect(maskDateText('20261205', false)).toBe('2026-12-05');
    expect(maskDateText('2026/12/05 extra 99', false)).toBe('2026-12-05');
  });

  it('adds HH:mm for a date and time, and drops digits beyond it', () => {
    expect(maskDateText('202612051', true)).toBe('2026-12-05 1');
    expect(maskDateText('2026-12-05T10:30:59', true)).toBe('2026-12-05 10:30');
  });
});

describe('parseDateText', () => {
  it('reads a real day, and nothing from a half-typed or impossible one', () => {
    expect(parseDateText('2024-02-29', false)).toBe('2024-02-29');
    expect(parseDateText('', false)).toBeNull();
    expect(parseDateText('2026-12-0', false)).toBeUndefined();
    expect(parseDateText('2026-02-30', false)).toBeUndefined();
    expect(parseDateText('2026-13-01', false)).toBeUndefined();
  });

  it('reads a day and time as the local YYYY-MM-DDTHH:mm, and refuses a time that does not exist', () => {
    expect(parseDateText('2026-12-05 23:59', true)).toBe('2026-12-05T23:59');
    expect(parseDateText('2026-12-05', true)).toBeUndefined();
    expect(parseDateText('2026-12-05 10:3', true)).toBeUndefined();
    expect(parseDateText('2026-12-05 24:00', true)).toBeUndefined();
    expect(parseDateText('2026-12-05 10:60', true)).toBeUndefined();
  });
});

describe('caretAfterDigits', () => {
  it('puts the caret after the same number of digits, past any separator written before them', () => {
    expect(caretAfterDigits('2026-12-05', 0)).toBe(0);
    expect(caretAfterDigits('2026-12-05', 4)).toBe(4);
    expect(caretAfterDigits('2026-12-05', 5)).toBe(6);
    expect(caretAfterDigits('2026-1', 9)).toBe(6);
  });
});

describe('dateTextOf', () => {
  it('shows a stored instant in the browser time zone, and a local minute as it is', () => {
    process.env.TZ = 'Asia/Seoul';
    expect(dateTextOf('2026-12-05T15:30:00.000Z', true)).toBe('2026-12-06 00:30');
    expect(dateTextOf('2026-12-05T10:30', true)).toBe('2026-12-05 10:30');
    expect(dateTextOf('2026-12-05', false)).toBe('2026-12-05');
    expect(dateTextOf(null, false)).toBe('');
  });
});
