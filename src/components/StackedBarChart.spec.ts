import { describe, expect, it } from 'vitest';
import { axisTop } from './StackedBarChart';

describe('axisTop', () => {
  it('rounds the busiest day up to twice a round step, so the half-way tick is round too', () => {
    expect([0, 1, 3, 4, 7, 19, 23, 140, 346].map(axisTop)).toEqual([2, 2, 4, 4, 10, 20, 40, 200, 400]);
  });
});
