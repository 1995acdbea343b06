import { describe, expect, it } from 'vitest';
import { propertyNamesKo } from '../i18n/property-names.ko';
import { propertyName } from './property-names';

/** The Korean catalogue's word for a key, '' where it has none (as translate(key, { _: '' }) answers). */
const koWord = (key: string) => {
  const [, , kind, code] = key.split('.');
  return propertyNamesKo[kind as keyof typeof propertyNamesKo]?.[code] ?? '';
};
const noWord = () => '';

describe('propertyName', () => {
  it('gives an English reader the stored name, as people typed it', () => {
    expect(propertyName('countries', { code: 'KR', name: 'South Korea' }, 'en', koWord)).toBe('South Korea');
    expect(propertyName('regions', { code: 'APAC', name: 'Asia Pacific' }, 'en', koWord)).toBe('Asia Pacific');
  });

  it("names a country for a Korean reader from the platform's locale data, whatever name is stored", () => {
    expect(propertyName('countries', { code: 'KR', name: 'Korea' }, 'ko', noWord)).toBe('대한민국');
    expect(propertyName('countries', { code: 'BR', name: 'Brazil' }, 'ko', noWord)).toBe('브라질');
  });

  it('names the codes the console ships by the Korean label file', () => {
    expect(propertyName('regions', { code: 'APAC', name: 'Asia Pacific' }, 'ko', koWord)).toBe('아시아 태평양');
    expect(propertyName('companies', { code: 'HQ', name: 'Headquarters' }, 'ko', koWord)).toBe('본사');
    expect(propertyName('data-types', { code: 'SOCIAL', name: 'Social' }, 'ko', koWord)).toBe('소셜');
  });

  it('keeps the stored name of a code nobody translated: an added region, an advertiser, a code the platform does not know', () => {
    expect(propertyName('regions', { code: 'NORDICS', name: 'Nordics' }, 'ko', koWord)).toBe('Nordics');
    expect(propertyName('advertisers', { code: 'ACME', name: 'Acme Electronics' }, 'ko', koWord)).toBe('Acme Electronics');
    expect(propertyName('countries', { code: 'XX', name: 'Elsewhere' }, 'ko', koWord)).toBe('Elsewhere');
    expect(propertyName('countries', { code: 'GLOBAL', name: 'Global' }, 'ko', koWord)).toBe('Global');
  });
});
