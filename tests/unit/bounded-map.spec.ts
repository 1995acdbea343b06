import { describe, expect, it } from 'vitest';
import { BoundedMap } from '../../server/bounded-map';

describe('BoundedMap', () => {
  it('holds at most its limit, pushing out the oldest key when a new one comes', () => {
    const map = new BoundedMap<string, number>(3);
    for (const [key, value] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
      ['d', 4],
    ] as const)
      map.set(key, value);
    expect([...map]).toEqual([
      ['b', 2],
      ['c', 3],
      ['d', 4],
    ]);
  });

  it('makes a key set again the newest, so the least recently set goes first', () => {
    const map = new BoundedMap<string, number>(3);
    map.set('a', 1).set('b', 2).set('c', 3);
    map.set('a', 10);
    map.set('d', 4);
    expect([...map]).toEqual([
      ['c', 3],
      ['a', 10],
      ['d', 4],
    ]);
    expect(map.size).toBe(3);
  });

  it('keeps every key while under its limit', () => {
    const map = new BoundedMap<number, number>(1_000);
    for (let n = 0; n < 1_000; n++) map.set(n, n * 2);
    expect(map.size).toBe(1_000);
    expect(map.get(0)).toBe(0);
    expect(map.get(999)).toBe(1_998);
  });

  it('pushes out the oldest sixteenth at once when full, keeping the newest keys and never more than its limit', () => {
    const map = new BoundedMap<number, number>(1_600);
    for (let n = 0; n < 1_600; n++) map.set(n, n);
    map.set(1_600, 1_600);
    // 100 oldest gone together, the new key in.
    expect(map.size).toBe(1_501);
    expect(map.has(99)).toBe(false);
    expect(map.has(100)).toBe(true);
    expect(map.get(1_600)).toBe(1_600);
    for (let n = 1_601; n < 20_000; n++) {
      map.set(n, n);
      expect(map.size).toBeLessThanOrEqual(1_600);
    }
    expect(map.has(19_999)).toBe(true);
    // At least the newest fifteen sixteenths stay.
    expect(map.has(18_500)).toBe(true);
    expect(map.has(1_600)).toBe(false);
  });
});
