import { describe, expect, it } from 'vitest';
import { isoNow, type Clock } from '../../server/clock';

const at = (ms: number): Clock => ({ now: () => new Date(ms) });

describe('isoNow', () => {
  it('writes out the instant each clock reads, however the instants follow each other', () => {
    const base = Date.parse('2026-12-06T10:00:00.000Z');
    // The same millisecond twice, the next one, a jump back, a year ahead, then the first again.
    for (const ms of [base, base, base + 1, base - 86_400_000, base + 365 * 86_400_000, base]) {
      expect(isoNow(at(ms))).toBe(new Date(ms).toISOString());
    }
  });

  it('follows a clock that moves between calls', () => {
    let ms = Date.parse('2030-01-01T23:59:59.998Z');
    const clock: Clock = { now: () => new Date(ms) };
    const seen = [];
    for (let step = 0; step < 4; step++, ms++) seen.push(isoNow(clock));
    expect(seen).toEqual(['2030-01-01T23:59:59.998Z', '2030-01-01T23:59:59.999Z', '2030-01-02T00:00:00.000Z', '2030-01-02T00:00:00.001Z']);
  });

  it('refuses an invalid instant as toISOString does', () => {
    expect(() => isoNow(at(Number.NaN))).toThrow(RangeError);
  });
});
