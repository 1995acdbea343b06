import { describe, expect, it } from 'vitest';
import { collectResourceLabels } from '../../src/i18n/resourceLabels';
import { resourcesEn } from '../../src/i18n/resources/index.en';
import { resourcesKo } from '../../src/i18n/resources/index.ko';
import { resourceLabelsEn, resourceLabelsKo } from '../../server/http/resource-labels';

describe('resource labels, found by folder', () => {
  it('the browser (Vite glob) and the server (folder read at start) collect the same labels', () => {
    expect(Object.keys(resourcesEn).length).toBeGreaterThanOrEqual(20);
    expect(resourceLabelsEn.messages).toEqual(resourcesEn);
    expect(resourceLabelsKo.messages).toEqual(resourcesKo);
    // A file holding several resources gives each its kebab-case key.
    expect(Object.keys(resourcesEn)).toEqual(expect.arrayContaining(['plans', 'project-shares', 'projects', 'datasets', 'uploads', 'activity']));
  });

  it('names each resource by its export and refuses an export that fits no name', () => {
    const labels = { name: 'Holiday |||| Holidays' };
    expect(collectResourceLabels({ './holidays.en.ts': { publicHolidaysEn: labels } }, 'en').messages).toEqual({ 'public-holidays': labels });
    expect(collectResourceLabels({ './holidays.ko.ts': { holidaysKo: labels, nouns: { holiday: '공휴일' } } }, 'ko').nouns).toEqual({ holiday: '공휴일' });
    expect(() => collectResourceLabels({ './holidays.en.ts': { holidays: labels } }, 'en')).toThrow('export holidays is not <resourceName>En');
    expect(() => collectResourceLabels({ './holidays.en.ts': { holidaysKo: labels } }, 'en')).toThrow('export holidaysKo');
    expect(() => collectResourceLabels({ './holidays.en.ts': { nouns: {} } }, 'en')).toThrow('export nouns');
    expect(() => collectResourceLabels({ './a.en.ts': { holidaysEn: labels }, './b.en.ts': { holidaysEn: labels } }, 'en')).toThrow('resource holidays is labelled twice');
    expect(() => collectResourceLabels({ './a.ko.ts': { nouns: { holiday: '공휴일' } }, './b.ko.ts': { nouns: { holiday: '휴일' } } }, 'ko')).toThrow('the noun "holiday" is translated twice');
  });
});
