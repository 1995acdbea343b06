import { describe, expect, it } from 'vitest';
import { maskTime } from './ConsoleTimeInput';

describe('maskTime: a time typed as HH:mm on a 24-hour clock', () => {
  it('writes the colon for the person as digits are typed', () => {
    expect(['0', '06', '063', '0630'].map(maskTime)).toEqual(['0', '06', '06:3', '06:30']);
    expect(maskTime('2359')).toBe('23:59');
  });

  it('takes a typed colon, and pads a one-digit hour once the minutes are complete', () => {
    expect(['6', '6:', '6:3', '6:30'].map(maskTime)).toEqual(['6', '6:', '6:3', '06:30']);
    expect(maskTime('06:30')).toBe('06:30');
  });

  it('drops AM/PM, letters and extra digits rather than keeping them', () => {
    expect(maskTime('06:00 AM')).toBe('06:00');
    expect(maskTime('18:450')).toBe('18:45');
    expect(maskTime('123456')).toBe('12:34');
  });

  it('lets the person delete back to nothing', () => {
    expect(['06:3', '06:', '06', '0', ''].map(maskTime)).toEqual(['06:3', '06:', '06', '0', '']);
  });
});
