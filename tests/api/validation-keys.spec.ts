import polyglotI18nProvider from 'ra-i18n-polyglot';
import { describe, expect, it } from 'vitest';
import { ko } from '../../src/i18n/ko';
import { translatableMessage } from '../../src/i18n/validationMessage';
import type { FieldError } from '../../src/shared';
import { type TestApp, withRankAccounts } from './harness';

let t: TestApp;
let admin: string;
withRankAccounts((suite) => ({ t, admin } = suite));

/** The Korean catalogue as the browser reads it, and a field error as the browser words it. */
const korean = polyglotI18nProvider(() => ko, 'ko');
const inKorean = (error: FieldError) => {
  const { message, args } = translatableMessage(error);
  return korean.translate(message, args);
};

describe('a 400 answer names its messages by key', () => {
  it("carries a shared schema's key, zod's own issue as its kind with the bound, and a key with its values; the browser words each in Korean", async () => {
    const domain = await t.call('POST', '/api/domains', { token: admin, body: { domain: 'not a domain', description: 'x'.repeat(201) } });
    expect(domain.status).toBe(400);
    expect(domain.body.data.errors).toEqual([
      { field: 'domain', message: 'domainFormat' },
      { field: 'description', message: 'tooLong', params: { maximum: 200 } },
    ]);
    // resultMessage stays English for API readers and logs, built from the same keys.
    expect(domain.body.resultMessage).toBe('domain: Enter a domain such as example.com.; description: Use at most 200 characters.');
    expect(domain.body.data.errors.map(inKorean)).toEqual(['example.com 같은 도메인을 입력하세요.', '최대 200자까지 입력할 수 있습니다.']);

    const column = { colType: 'VARCHAR', required: false, key: false };
    const dataset = await t.call('POST', '/api/datasets', {
      token: admin,
      body: {
        title: 'Twice',
        dataType: 'MEDIA',
        schemaInfo: [
          { ...column, colName: 'spend' },
          { ...column, colName: 'SPEND' },
        ],
      },
    });
    expect(dataset.status).toBe(400);
    expect(dataset.body.data.errors).toEqual([{ field: 'schemaInfo.1.colName', message: 'usedTwice', params: { name: 'SPEND' } }]);
    expect(dataset.body.data.errors.map(inKorean)).toEqual(['SPEND이(가) 두 번 사용되었습니다.']);
  });
});
