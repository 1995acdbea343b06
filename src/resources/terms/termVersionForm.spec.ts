import { describe, expect, it } from 'vitest';
import { effectiveInstant } from './termVersionForm';

describe('effectiveInstant', () => {
  it('sends a typed local minute and a stored instant as ISO instants', () => {
    expect(effectiveInstant('2099-12-05T10:30')).toBe(new Date(2099, 11, 5, 10, 30).toISOString());
    expect(effectiveInstant('2099-12-05T01:30:00.000Z')).toBe('2099-12-05T01:30:00.000Z');
  });

  it('passes a half-typed date on as typed, rather than as the minute Date would guess from it', () => {
    expect(effectiveInstant('2099-12-05 10:3')).toBe('2099-12-05 10:3');
    expect(effectiveInstant('2099-02-30 10:00')).toBe('2099-02-30 10:00');
  });
});
