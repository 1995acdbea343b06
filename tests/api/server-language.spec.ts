import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL } from './harness';
import { collectConfig, startCollectApp } from '../fakes/collect-fixtures';
import { createDataset, preview } from './uploads-support';
import { renderServerText, sentence } from '../../src/i18n/serverMessage';
import { serverKo } from '../../src/i18n/server.ko';

/**
 * What the server writes for a person reads in the asker's language (Accept-Language, which the
 * console sends as its own): an error or success message, an upload's problems and reason, a task's
 * failure and run log — the stored ones too, read back in either language.
 */
let env: Awaited<ReturnType<typeof startCollectApp>>;
const KO = { 'accept-language': 'ko' };

beforeAll(async () => {
  env = await startCollectApp();
});
afterAll(async () => {
  await env.t.close();
});

describe('the server in the reader’s language', () => {
  it('answers a failed sign-in and a success message in Korean, and in English otherwise', async () => {
    const wrong = { email: ADMIN_EMAIL, password: 'Wrong#2024x' };
    const korean = await env.t.call('POST', '/api/auth/signin', { body: wrong, headers: KO });
    expect(korean.body).toMatchObject({ result: 'INVALID_CREDENTIALS', resultMessage: '이메일 또는 비밀번호가 올바르지 않습니다.' });
    const english = await env.t.call('POST', '/api/auth/signin', { body: wrong });
    expect(english.body.resultMessage).toBe('The e-mail or password is not correct.');
    const added = await env.t.call('POST', '/api/domains', { token: env.token, body: { domain: 'korean.example' }, headers: KO });
    expect(added.body).toMatchObject({ result: 'SUCCESS', resultMessage: '도메인을 추가했습니다.' });
    // The same sentence again, in each language in turn: each reader keeps their own words (they are kept once worded).
    for (const [domain, headers, said] of [
      ['english.example', {}, /^The .+ has been added\.$/],
      ['korean-again.example', KO, /^도메인을 추가했습니다\.$/],
    ] as const) {
      const again = await env.t.call('POST', '/api/domains', { token: env.token, body: { domain }, headers });
      expect(again.body.resultMessage).toMatch(said);
    }
    // Built sentences, once matched by their English and missed: a password change, an in-use list.
    expect(renderServerText(sentence('auth.passwordChanged'), { texts: serverKo, nouns: {}, listSeparator: ', ' })).toBe('비밀번호를 변경했습니다.');
  });

  it('answers a list to a Korean reader with its rows as written (a sentence in a record field is data), the same on every call', async () => {
    await env.t.call('POST', '/api/domains', { token: env.token, body: { domain: 'rows.example', description: 'The file has been saved.' } });
    const english = await env.t.call('GET', '/api/domains', { token: env.token });
    for (let call = 0; call < 2; call++) {
      const korean = await env.t.call('GET', '/api/domains', { token: env.token, headers: KO });
      expect(korean.body).toEqual({ ...english.body, resultMessage: '성공' });
    }
  });

  it("shows an upload's problems and reason in Korean, stored once and read in either language", async () => {
    const id = await createDataset(env.t, env.token);
    const upload = await preview(env.t, env.token, id, 'bad.csv', 'date,campaign_id,channel,impressions\n,C1,search,1\n2024-02-30,C2,search,2\n');
    expect(upload.status).toBe('FAIL');
    const korean = await env.t.call('GET', `/api/uploads/${upload.id}`, { token: env.token, headers: KO });
    expect(korean.body.data.reason).toBe('파일에서 문제 2개를 찾았습니다. 고친 뒤 다시 올리세요.');
    expect(korean.body.data.preview.problems.map((problem: { message: string }) => problem.message)).toEqual(['date은(는) 필수입니다.', expect.stringMatching(/^2024-02-30은\(는\) 날짜가 아닙니다/)]);
    const english = await env.t.call('GET', `/api/uploads/${upload.id}`, { token: env.token, headers: { 'accept-language': 'en-US' } });
    expect(english.body.data.reason).toBe('2 problems found in the file; fix them and upload it again.');
    expect(english.body.data.preview.problems[0].message).toBe('date is required.');
  });

  it("shows a failed task's error text and run log in Korean, the error id kept for support", async () => {
    mkdirSync(join(env.t.config.dataDir, 'inbox', 'media'), { recursive: true });
    const fields = [{ field: 'date', code: 'report_date', type: 'DATE' as const, fieldFlag: 'Y' as const, masterFlag: 'Y' as const }];
    const created = await env.api('POST', '/api/collect-configs', {
      ...collectConfig('http://127.0.0.1:9', { sourceType: 'FILE', sourceLocation: 'media/none-*.csv', marketAccountId: null, keyName: null, fields, alertRecipients: [] }),
      sourceMethod: { responseFormat: 'CSV' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const queued = await env.api('POST', `/api/collect-configs/${created.body.data.id}/run`);
    await env.tick();
    const korean = await env.t.call('GET', `/api/tasks/${queued.body.data.id}`, { token: env.token, headers: KO });
    expect(korean.body.data).toMatchObject({ status: 'ERROR', errorId: 'SOURCE_NOT_FOUND', errorText: 'inbox/media/none-*.csv에 맞는 파일이 없습니다.' });
    const lines = korean.body.data.logs.map((line: { message: string }) => line.message);
    expect(lines.at(-1)).toBe('SOURCE_NOT_FOUND: inbox/media/none-*.csv에 맞는 파일이 없습니다.');
    expect(lines[0]).toMatch(/기간을 수집합니다\(1번 중 1번째 시도\)\.$/);
    const english = await env.api('GET', `/api/tasks/${queued.body.data.id}`);
    expect(english.body.data.errorText).toBe('No file matches inbox/media/none-*.csv.');
  });
});
