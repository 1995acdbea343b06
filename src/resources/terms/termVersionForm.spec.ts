import { afterEach, describe, expect, it, vi } from 'vitest';
import { effectiveInstant, openedNow, versionValidator } from './termVersionForm';
import { termVersionInput } from '../../shared';

describe('effectiveInstant', () => {
  it('sends a typed local minute and a stored instant as ISO instants', () => {
    expect(effectiveInstant('2099-12-05T10:30')).toBe(new Date(2099, 11, 5, 10, 30).toISOString());
    expect(effectiveInstant('2099-12-05T01:30:00.000Z')).toBe('2099-12-05T01:30:00.000Z');
  });

  it('passes a half-typed date on as typed, rather than as the minute Date would guess from it', () => {
    expect(effectiveInstant('2099-12-05 10:3')).toBe('2099-12-05 10:3');
    expect(effectiveInstant('2099-02-30 10:00')).toBe('2099-02-30 10:00');
  });

  afterEach(() => vi.useRealTimers());

  it('keeps the "now" a form opened with as now while it is filled, past the end of its minute', () => {
    vi.useFakeTimers({ now: new Date(2030, 0, 1, 14, 55, 58) });
    const opened = openedNow();
    expect(opened.effectiveAt).toBe('2030-01-01T14:55');
    vi.setSystemTime(new Date(2030, 0, 1, 14, 58, 3));
    expect(effectiveInstant(opened.effectiveAt, opened.openedAt)).toBe(new Date(2030, 0, 1, 14, 58, 3).toISOString());
    const validate = versionValidator(termVersionInput);
    expect(validate({ termsVersion: '1.1', content: '<p>Text</p>', ...opened })).toEqual({});
    // Without the opening time the same minute has aged into the past (the bug a slow Save hit).
    expect(effectiveInstant(opened.effectiveAt)).toBe(new Date(2030, 0, 1, 14, 55).toISOString());
    expect(validate({ termsVersion: '1.1', content: '<p>Text</p>', effectiveAt: opened.effectiveAt })).toHaveProperty('effectiveAt');
  });

  it('still refuses a minute from before the form was opened', () => {
    vi.useFakeTimers({ now: new Date(2030, 0, 1, 14, 56, 10) });
    const opened = openedNow();
    vi.setSystemTime(new Date(2030, 0, 1, 14, 56, 40));
    expect(effectiveInstant('2030-01-01T14:54', opened.openedAt)).toBe(new Date(2030, 0, 1, 14, 54).toISOString());
    expect(versionValidator(termVersionInput)({ termsVersion: '1.1', content: '<p>Text</p>', ...opened, effectiveAt: '2030-01-01T14:54' })).toHaveProperty('effectiveAt');
  });
});
