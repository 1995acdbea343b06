import { describe, expect, it } from 'vitest';
import { enFrame } from '../../src/i18n/en';
import { ko } from '../../src/i18n/ko';
import { resourcesEn } from '../../src/i18n/resources/index.en';
import { CODE_LISTS } from '../../src/shared/code-lists';
import { CODE_MESSAGES, codeMessageKey, type CodeSet } from '../../src/shared/code-sets';

const catalogues = { en: { ...enFrame, resources: resourcesEn }, ko } as const;

/** The text at a dotted key, as polyglot reads it. */
function messageAt(catalogue: object, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), catalogue);
}

const everyCode = (Object.keys(CODE_MESSAGES) as CodeSet[]).flatMap((set) => (CODE_LISTS[set] as readonly string[]).map((code) => ({ set, code })));

describe('the code table', () => {
  it('covers many codes', () => {
    expect(everyCode.length).toBeGreaterThan(80);
  });

  it.each(['en', 'ko'] as const)('gives every code of every set its words in %s', (language) => {
    const missing = everyCode.filter(({ set, code }) => typeof messageAt(catalogues[language], codeMessageKey(set, code)) !== 'string').map(({ set, code }) => `${set}.${code}`);
    expect(missing).toEqual([]);
  });

  it('shows no set as its bare code in English (words, not the code again)', () => {
    const bare = everyCode.filter(({ set, code }) => code.length > 3 && messageAt(catalogues.en, codeMessageKey(set, code)) === code);
    expect(bare.map(({ set, code }) => `${set}.${code}`)).toEqual([]);
  });
});
