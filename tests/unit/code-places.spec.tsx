import { readFileSync } from 'node:fs';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AdminContext, testDataProvider, TestMemoryRouter, useTranslate } from 'react-admin';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CodeChip } from '../../src/components/CodeChip';
import { CodeField, CodeWords } from '../../src/components/CodeField';
import { PropertyCodeField } from '../../src/components/PropertyCodeField';
import { enFrame } from '../../src/i18n/en';
import { propertyNamesKo } from '../../src/i18n/property-names.ko';
import { resourcesEn } from '../../src/i18n/resources/index.en';
import { i18nProvider, loadResourceMessages } from '../../src/providers/i18nProvider';
import { ProcessName } from '../../src/resources/tasks/ProcessName';
import { CODE_MESSAGES, type CodeSet } from '../../src/shared/code-sets';
import { PROPERTY_KINDS, type PropertyKind } from '../../src/shared/property-kinds';
import { propertyName } from '../../src/shared/property-names';
import { jsxElementsOf } from '../../src/testing/jsxElements';
import { fromRoot, repoFiles } from '../../src/testing/repoFiles';

/*
 * Every place a code of a code table is drawn on a screen shows its words, with the code only in
 * their details (codeDetails: the element's title and data-code), never beside or instead of them.
 * The places are found in the source: each element of a code-drawing component (CodeField,
 * CodeWords, CodeChip, PropertyCodeField, ProcessName) and each card line a declaration makes of
 * one (codeLine, chipLine, propertyLine), with the set, message prefix or Project Properties kind it
 * names. Each component is then rendered with every code of each set its places name, in English
 * and Korean. That no code reaches a screen outside these components is
 * tests/unit/code-words-on-screens.spec.ts's part.
 */

type Target = { component: 'words'; set: CodeSet } | { component: 'chip'; prefix: string } | { component: 'property'; kind: PropertyKind } | { component: 'process' };

interface Place {
  where: string;
  target: Target | undefined;
}

const SETS = Object.keys(CODE_MESSAGES) as CodeSet[];
const literal = (attributes: string, name: string) => new RegExp(`\\b${name}="([\\w.-]+)"`).exec(attributes)?.[1];

/** The files that make the components and the card lines: their own uses pass a set through, they are no place. */
const MECHANISM = new Set(['src/components/CodeField.tsx', 'src/components/CodeChip.tsx', 'src/components/PropertyCodeField.tsx', 'src/resources/cardLines.tsx']);

function targetOf(tag: string, attributes: string): Target | undefined {
  if (tag === 'CodeField' || tag === 'CodeWords') {
    const set = literal(attributes, 'set') as CodeSet | undefined;
    return set && SETS.includes(set) ? { component: 'words', set } : undefined;
  }
  if (tag === 'CodeChip') {
    const prefix = literal(attributes, 'messages') ?? /\bmessages=\{CODE_MESSAGES\.(\w+)\}/.exec(attributes)?.[1];
    if (!prefix) return undefined;
    return { component: 'chip', prefix: prefix in CODE_MESSAGES ? CODE_MESSAGES[prefix as CodeSet] : prefix };
  }
  if (tag === 'PropertyCodeField') {
    const kind = literal(attributes, 'kind') as PropertyKind | undefined;
    return kind && PROPERTY_KINDS.includes(kind) ? { component: 'property', kind } : undefined;
  }
  return { component: 'process' };
}

function places(): Place[] {
  const found: Place[] = [];
  for (const file of repoFiles('src')) {
    if (MECHANISM.has(file)) continue;
    const text = readFileSync(fromRoot(file), 'utf8');
    const lines = text.split('\n');
    for (const { tag, attributes, line } of jsxElementsOf(text)) {
      // A comment naming a component (`<PropertyCodeField …/>`) draws nothing.
      if (/^\s*(\*|\/\/|\/\*)/.test(lines[line - 1])) continue;
      if (['CodeField', 'CodeWords', 'CodeChip', 'PropertyCodeField', 'ProcessName'].includes(tag)) found.push({ where: `${file}:${line} <${tag}>`, target: targetOf(tag, attributes) });
    }
    const lineOf = (index: number) => text.slice(0, index).split('\n').length;
    for (const match of text.matchAll(/\bcodeLine\(\s*'(\w+)'/g)) {
      const set = match[1] as CodeSet;
      found.push({ where: `${file}:${lineOf(match.index)} codeLine`, target: SETS.includes(set) ? { component: 'words', set } : undefined });
    }
    for (const match of text.matchAll(/\bchipLine\(\s*'\w+',\s*'([\w.-]+)'/g)) found.push({ where: `${file}:${lineOf(match.index)} chipLine`, target: { component: 'chip', prefix: match[1] } });
    for (const match of text.matchAll(/\bpropertyLine\(\s*'([\w-]+)'/g)) {
      const kind = match[1] as PropertyKind;
      found.push({ where: `${file}:${lineOf(match.index)} propertyLine`, target: PROPERTY_KINDS.includes(kind) ? { component: 'property', kind } : undefined });
    }
  }
  return found;
}

const PLACES = places();
const TARGETS = [...new Map(PLACES.flatMap(({ target }) => (target ? [[JSON.stringify(target), target] as const] : []))).values()];

const english = { ...enFrame, resources: resourcesEn } as Record<string, unknown>;
/** The codes with words under a message prefix, read from the English catalogue (tests/unit/code-sets.spec.ts holds Korean to the same codes). */
const codesUnder = (prefix: string) => Object.keys(prefix.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], english) as Record<string, string>);

/** Project Properties rows for each kind: the codes the console ships, countries by a few of their codes, advertisers by their stored names. */
const PROPERTY_ROWS: Record<PropertyKind, { code: string; name: string }[]> = {
  regions: Object.keys(propertyNamesKo.regions ?? {}).map((code) => ({ code, name: `${code} region` })),
  companies: Object.keys(propertyNamesKo.companies ?? {}).map((code) => ({ code, name: `${code} company` })),
  'data-types': Object.keys(propertyNamesKo['data-types'] ?? {}).map((code) => ({ code, name: code === 'CRM' ? 'CRM' : `${code} data` })),
  countries: [
    { code: 'KR', name: 'Korea' },
    { code: 'US', name: 'United States' },
    { code: 'JP', name: 'Japan' },
  ],
  advertisers: [
    { code: 'ACME', name: 'Acme' },
    { code: 'GLOBEX', name: 'Globex' },
  ],
};

interface Case {
  what: string;
  code: string;
  element: ReactElement;
  /** The words the reader must see, in a locale. */
  words: (locale: 'en' | 'ko', translate: (key: string) => string) => string;
}

function casesOf(target: Target): Case[] {
  switch (target.component) {
    case 'words':
      return codesUnder(CODE_MESSAGES[target.set]).flatMap((code) => [
        { what: `CodeField ${target.set}`, code, element: <CodeField set={target.set} code={code} />, words: (_, t) => t(`${CODE_MESSAGES[target.set]}.${code}`) },
        { what: `CodeWords ${target.set}`, code, element: <CodeWords set={target.set} code={code} />, words: (_, t) => t(`${CODE_MESSAGES[target.set]}.${code}`) },
      ]);
    case 'chip':
      return codesUnder(target.prefix).map((code) => ({
        what: `CodeChip ${target.prefix}`,
        code,
        element: <CodeChip code={code} messages={target.prefix} colors={{}} />,
        words: (_, t) => t(`${target.prefix}.${code}`),
      }));
    case 'property':
      return PROPERTY_ROWS[target.kind].map((row) => ({
        what: `PropertyCodeField ${target.kind}`,
        code: row.code,
        element: <PropertyCodeField kind={target.kind} code={row.code} />,
        words: (locale, t) => propertyName(target.kind, row, locale, (key) => t(key)),
      }));
    case 'process':
      return [{ what: 'ProcessName', code: 'P3', element: <ProcessName metricName="Acme daily clicks" processId="P3" />, words: () => 'Acme daily clicks' }];
  }
}

const CASES = TARGETS.flatMap(casesOf);

const dataProvider = testDataProvider({
  getList: (_resource, { filter }) => {
    const kind = (filter as { kind: PropertyKind }).kind;
    const data = PROPERTY_ROWS[kind].map((row, index) => ({ id: `${kind}-${row.code}`, no: index + 1, kind, ...row }));
    return Promise.resolve({ data, total: data.length }) as never;
  },
});

/** What a reader sees of a case, and the words it should be, once every case has drawn. */
async function shown(locale: 'en' | 'ko') {
  cleanup();
  await i18nProvider.changeLocale(locale);
  let translate: (key: string) => string = (key) => key;
  function Words() {
    const t = useTranslate();
    translate = (key) => t(key, { _: '' });
    return null;
  }
  render(
    <TestMemoryRouter>
      <AdminContext i18nProvider={i18nProvider} dataProvider={dataProvider}>
        <Words />
        {CASES.map((one, index) => (
          <div key={index} data-testid={`case-${index}`}>
            {one.element}
          </div>
        ))}
      </AdminContext>
    </TestMemoryRouter>,
  );
  await vi.waitFor(() => expect(CASES.filter((_, index) => !screen.getByTestId(`case-${index}`).textContent)).toEqual([]), { timeout: 10_000 });
  return CASES.map((one, index) => ({ one, box: screen.getByTestId(`case-${index}`), words: one.words(locale, translate) }));
}

describe('every place that draws a code', () => {
  beforeAll(loadResourceMessages);
  afterAll(() => i18nProvider.changeLocale('en'));

  it('finds the places and knows what each one draws', () => {
    expect(PLACES.length).toBeGreaterThan(50);
    expect(
      PLACES.filter(({ target }) => !target).map(({ where }) => where),
      'name the set, message prefix or kind literally, so the place can be checked',
    ).toEqual([]);
    expect(new Set(TARGETS.map(({ component }) => component))).toEqual(new Set(['words', 'chip', 'property', 'process']));
  });

  it.each(['en', 'ko'] as const)('shows words in %s, the code only in their details', async (locale) => {
    const problems = (await shown(locale)).flatMap(({ one, box, words }) => {
      const found: string[] = [];
      const text = box.textContent?.trim() ?? '';
      if (!words) found.push('no words for the code');
      if (text !== words) found.push(`shows "${text}", not its words "${words}"`);
      const details = box.querySelector(`[data-code="${one.code}"]`);
      if (details?.getAttribute('title') !== one.code) found.push('the code is not in the details');
      // Outside the details the code is nowhere: not in the text (unless its words are the code), not in another attribute.
      if (text !== one.code && new RegExp(`(^|[^\\w])${one.code}([^\\w]|$)`).test(text) && !words.includes(one.code)) found.push('the code stands beside the words');
      const elsewhere = [...box.querySelectorAll('*')].flatMap((element) =>
        [...element.attributes].filter(({ name, value }) => !['title', 'data-code'].includes(name) && value === one.code).map(({ name }) => name),
      );
      if (elsewhere.length > 0) found.push(`the code is in ${elsewhere.join(', ')}`);
      return found.map((problem) => `${one.what} ${one.code}: ${problem}`);
    });
    expect(problems).toEqual([]);
  });
});
