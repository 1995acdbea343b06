import { describe, expect, it } from 'vitest';
import { consoleResources } from './registry';
import type { CardLine } from './ConsoleResource';

const isLine = (line: CardLine | undefined) => (typeof line === 'string' ? line.length > 0 : typeof line === 'function');

/** Every list shows cards on a phone (ConsoleCardList), with the lines its resource declares once. */
describe('phone cards', () => {
  const withList = consoleResources.filter((resource) => resource.list);

  it('finds the registered lists', () => {
    expect(withList.length).toBeGreaterThanOrEqual(17);
  });

  it.each(withList.map((resource) => [resource.name, resource] as const))('%s declares its card lines', (_name, resource) => {
    const cards = resource.cards as ConsoleResourceCards | undefined;
    expect(cards, `${resource.name} declares no card lines (ConsoleResource cards)`).toBeDefined();
    expect(isLine(cards?.primary), `${resource.name}: no primary line`).toBe(true);
    // A card names more than its record: a secondary or a tertiary line says what it is.
    expect(isLine(cards?.secondary) || isLine(cards?.tertiary), `${resource.name}: a primary line alone`).toBe(true);
    for (const line of [cards?.secondary, cards?.tertiary]) if (line !== undefined) expect(isLine(line)).toBe(true);
  });
});

type ConsoleResourceCards = (typeof consoleResources)[number]['cards'];
