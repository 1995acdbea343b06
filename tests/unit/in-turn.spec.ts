import { describe, expect, it } from 'vitest';
import { inTurn } from '../../server/db/in-turn';

describe('inTurn', () => {
  it('starts each call once the one before has ended, in the order they were made, a failure included', async () => {
    const events: string[] = [];
    let running = 0;
    const call = inTurn(async (name: string, ms: number) => {
      running++;
      events.push(`start ${name} with ${running} running`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      running--;
      if (name === 'b') throw new Error('b failed');
      return name.toUpperCase();
    });
    const answers = await Promise.allSettled([call('a', 30), call('b', 1), call('c', 10), call('d', 0)]);
    expect(events).toEqual(['start a with 1 running', 'start b with 1 running', 'start c with 1 running', 'start d with 1 running']);
    expect(answers.map((answer) => (answer.status === 'fulfilled' ? answer.value : (answer.reason as Error).message))).toEqual(['A', 'b failed', 'C', 'D']);
  });
});
