import { describe, expect, it } from 'vitest';
import { enFrame } from './en';
import { resourcesEn } from './resources/index.en';
import { ko } from './ko';

const en = { ...enFrame, resources: resourcesEn };

type Catalogue = { [key: string]: string | Catalogue };

/** Flattens a catalogue into dotted keys, as polyglot sees it. */
function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [nested, text] of flatten(value, path)) entries.set(nested, text);
  }
  return entries;
}

const placeholders = (message: string) => [...message.matchAll(/%\{(\w+)\}/g)].map((match) => match[1]).sort();
const pluralForms = (message: string) => message.split('||||');

function keyDifferences(english: Map<string, string>, korean: Map<string, string>) {
  return {
    missingInKorean: [...english.keys()].filter((key) => !korean.has(key)),
    missingInEnglish: [...korean.keys()].filter((key) => !english.has(key)),
  };
}

/** Per plural form: each English placeholder must be in the Korean form shown for the same count. */
function placeholderProblems(english: Map<string, string>, korean: Map<string, string>) {
  const problems: string[] = [];
  for (const [key, englishText] of english) {
    const koreanText = korean.get(key);
    if (koreanText === undefined) continue;
    const englishForms = pluralForms(englishText);
    const koreanForms = pluralForms(koreanText);
    if (englishForms.length !== koreanForms.length) {
      problems.push(`${key}: ${englishForms.length} plural forms in English, ${koreanForms.length} in Korean`);
      continue;
    }
    englishForms.forEach((form, index) => {
      const missing = placeholders(form).filter((name) => !placeholders(koreanForms[index]).includes(name));
      if (missing.length) problems.push(`${key} (form ${index + 1}): missing ${missing.map((name) => `%{${name}}`).join(', ')}`);
    });
  }
  return problems;
}

describe('Korean catalogue against English', () => {
  // resources.*: every label file of src/i18n/resources, collected by folder in each language.
  const english = { ra: flatten({ ra: en.ra } as Catalogue), console: flatten(en.console as Catalogue, 'console'), resources: flatten(en.resources, 'resources') };
  // console.propertyNames only in Korean: Project Properties names are stored in English (src/shared/property-names.ts).
  const { propertyNames, ...koConsole } = ko.console;
  const korean = { ra: flatten({ ra: ko.ra } as Catalogue), console: flatten(koConsole as Catalogue, 'console'), resources: flatten(ko.resources, 'resources') };

  it.each(['ra', 'console', 'resources'] as const)('has exactly the keys of the English %s.* messages', (area) => {
    expect(english[area].size).toBeGreaterThan(10);
    expect(keyDifferences(english[area], korean[area])).toEqual({ missingInKorean: [], missingInEnglish: [] });
  });

  it.each(['ra', 'console'] as const)('keeps every placeholder and plural form of the English %s.* messages', (area) => {
    expect(placeholderProblems(english[area], korean[area])).toEqual([]);
  });

  it('names Project Properties codes in Korean only, in Korean words', () => {
    expect(en.console.propertyNames).toEqual({});
    const words = Object.values(propertyNames).flatMap((names) => Object.values(names ?? {}));
    expect(words.length).toBeGreaterThan(5);
    for (const word of words) expect(word).toMatch(/[가-힣]|^[A-Z]+$/);
  });

  it('holds nothing but ra.*, console.* and resources.*', () => {
    expect(Object.keys(ko).sort()).toEqual(Object.keys(en).sort());
  });

  it('translates the specification wording of the validation messages', () => {
    for (const [key, text] of flatten(ko.console.validation as Catalogue)) {
      expect(text, key).toMatch(/[가-힣]/);
    }
  });

  it('catches a dropped key and a dropped placeholder', () => {
    const englishSample = new Map([
      ['console.otp.sent', 'We sent a code to %{email}.'],
      ['console.otp.next', 'Next'],
    ]);
    const koreanSample = new Map([['console.otp.sent', '인증번호를 보냈습니다.']]);
    expect(keyDifferences(englishSample, koreanSample).missingInKorean).toEqual(['console.otp.next']);
    expect(placeholderProblems(englishSample, koreanSample)).toEqual(['console.otp.sent (form 1): missing %{email}']);
  });
});
