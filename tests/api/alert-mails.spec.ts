import { describe, expect, it } from 'vitest';
import { dbSnapshot, type RankAccounts, type TestApp, withRankAccounts } from './harness';
import { renderAlertMail, sendAlertMail } from '../../server/collect/alert-mails/render';
import { englishOf } from '../../server/http/app-error';
import * as alertDefaults from '../../server/db/migrations/018_alert_defaults';

type AlertRow = { id: number; procedure: string; subtitle: string; content: string };

const ALERT_TABLES = ['alert_mails', 'email_templates', 'mail_outbox'] as const;

let t: TestApp;
let accounts: RankAccounts;
let admin: string;
withRankAccounts((suite) => ({ t, accounts, admin } = suite));

const create = (body: unknown, token = admin) => t.call('POST', '/api/alert-mails', { token, body });
const query = (params: Record<string, unknown>) =>
  t.call('GET', `/api/alert-mails?${new URLSearchParams(Object.fromEntries(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)])))}`, { token: admin });
const alert = (procedure: string, errorId: string, subtitle = 'Failed {{errorId}}', content = 'Task {{taskId}}: {{detail}}') => ({ procedure, errorId, subtitle, content });

describe('alert mails', () => {
  it('creates, reads, updates and deletes', async () => {
    const created = await create({ procedure: ' collect-google ', errorId: 'E500', subtitle: 'Google failed', content: 'Task {{taskId}} at {{occurredAt}}' });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ procedure: 'collect-google', errorId: 'E500', subtitle: 'Google failed' });
    const id = created.body.data.id;
    expect((await t.call('GET', `/api/alert-mails/${id}`, { token: admin })).body.data.content).toBe('Task {{taskId}} at {{occurredAt}}');
    const updated = await t.call('PUT', `/api/alert-mails/${id}`, { token: admin, body: alert('collect-google', 'E501', 'Renamed') });
    expect(updated.body.data).toMatchObject({ errorId: 'E501', subtitle: 'Renamed' });
    expect((await t.call('DELETE', `/api/alert-mails/${id}`, { token: admin })).body.data.errorId).toBe('E501');
    expect((await t.call('GET', `/api/alert-mails/${id}`, { token: admin })).status).toBe(404);
    expect((await t.call('PUT', `/api/alert-mails/${id}`, { token: admin, body: alert('x', 'y') })).status).toBe(404);
  });

  it('refuses a duplicate procedure and error id, bad placeholders and bad ids on their fields, saving nothing', async () => {
    const kept = await create(alert('collect-dup', 'E1'));
    const other = await create(alert('collect-dup', 'E2'));
    const before = await dbSnapshot(t, ALERT_TABLES);
    const duplicate = await create(alert('collect-dup', 'E1'));
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.data.errors).toEqual([{ field: 'errorId', message: 'An alert mail for collect-dup and error E1 already exists.' }]);
    const renamedOnto = await t.call('PUT', `/api/alert-mails/${other.body.data.id}`, { token: admin, body: alert('collect-dup', 'E1') });
    expect(renamedOnto.status).toBe(409);
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [alert('p', 'e', 'ok', 'Hello {{unknown}}'), 'content', /Unknown placeholder \{\{unknown\}\}.*\{\{taskId\}\}/],
      [alert('p', 'e', 'Broken {{errorId', 'ok'), 'subtitle', /Unbalanced \{\{/],
      [alert('p', 'e', 'ok', 'done}}'), 'content', /Unbalanced \}\}/],
      [alert('p', 'e', 'Code {{code}}', 'ok'), 'subtitle', /\{\{code\}\}/],
      [alert('has space', 'e'), 'procedure', /letters, digits/],
      [alert('p', 'E*1'), 'errorId', /alone/],
      [alert('p', ''), 'errorId', /Enter the error id/],
    ];
    for (const [body, field, message] of cases) {
      const reply = await create(body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.data.errors[0].field).toBe(field);
      expect(englishOf(reply.body.data.errors[0])).toMatch(message);
    }
    expect((await t.call('PUT', `/api/alert-mails/${kept.body.data.id}`, { token: admin, body: alert('collect-dup', 'E1', 'x', '{{nope}}') })).status).toBe(400);
    expect(await dbSnapshot(t, ALERT_TABLES)).toEqual(before);
  });

  it('pages, sorts, filters by procedure and error id, and searches on the server', async () => {
    for (let i = 0; i < 6; i++) await create(alert('collect-list', `L${i}`, `Listed ${i}`));
    await create(alert('collect-other', 'L0', 'Listed elsewhere'));
    const first = await query({ sort: ['errorId', 'DESC'], range: [0, 3], filter: { procedure: 'collect-list' } });
    expect(first.body.data).toMatchObject({ totalCount: 6, totalPage: 2, currentPage: 1 });
    expect(first.body.data.list.map((row: { errorId: string }) => row.errorId)).toEqual(['L5', 'L4', 'L3', 'L2']);
    const second = await query({ sort: ['errorId', 'DESC'], range: [4, 7], filter: { procedure: 'collect-list' } });
    expect(second.body.data.list.map((row: { errorId: string }) => row.errorId)).toEqual(['L1', 'L0']);
    expect((await query({ filter: { errorId: 'L0' } })).body.data.list.map((row: { procedure: string }) => row.procedure)).toEqual(['collect-list', 'collect-other']);
    expect((await query({ filter: { q: 'ELSEWHERE' } })).body.data.totalCount).toBe(1);
    for (const search of ['sort=["content_html","ASC"]', 'filter={"subtitle":"x"}']) {
      expect((await t.call('GET', `/api/alert-mails?${search}`, { token: admin })).status, search).toBe(400);
    }
  });

  it('previews with sample values inside the alert e-mail template, writing nothing', async () => {
    const before = await dbSnapshot(t, ALERT_TABLES);
    const reply = await t.call('POST', '/api/alert-mails/preview', { token: admin, body: alert('collect-meta', 'E401', 'Token expired for {{configId}}', 'Task {{taskId}} at {{occurredAt}}') });
    expect(reply.status).toBe(200);
    expect(reply.body.data.subject).toBe('[Alert] Token expired for 77');
    expect(reply.body.data.text).toContain('Task 1024 at 2024-05-01 03:00 (UTC)');
    expect(reply.body.data.html).toContain('Task 1024 at 2024-05-01 03:00 (UTC)');
    const refused = await t.call('POST', '/api/alert-mails/preview', { token: admin, body: alert('p', 'e', 'x', '{{code}}') });
    expect(refused.body.data.errors[0].field).toBe('content');
    expect(await dbSnapshot(t, ALERT_TABLES)).toEqual(before);
  });

  it('refuses ranks 2–5 with 403 and changes nothing', async () => {
    const { body } = await create(alert('collect-guard', 'E1'));
    const before = await dbSnapshot(t, ALERT_TABLES);
    for (const authority of ['global-admin', 'region-admin', 'local-admin', 'user'] as const) {
      const token = accounts[authority].token;
      expect((await t.call('GET', '/api/alert-mails', { token })).status).toBe(403);
      expect((await t.call('GET', `/api/alert-mails/${body.data.id}`, { token })).status).toBe(403);
      expect((await create(alert('collect-guard', 'E2'), token)).status).toBe(403);
      expect((await t.call('PUT', `/api/alert-mails/${body.data.id}`, { token, body: alert('collect-guard', 'E3') })).status).toBe(403);
      expect((await t.call('POST', '/api/alert-mails/preview', { token, body: alert('collect-guard', 'E3') })).status).toBe(403);
      expect((await t.call('DELETE', `/api/alert-mails/${body.data.id}`, { token })).status).toBe(403);
    }
    expect((await t.call('GET', '/api/alert-mails')).status).toBe(401);
    expect(await dbSnapshot(t, ALERT_TABLES)).toEqual(before);
  });
});

describe('alert mails out of the box', () => {
  it('has an editable catch-all alert for the collect and the post procedure', async () => {
    const listed = await query({ filter: { errorId: '*' }, sort: ['procedure', 'ASC'] });
    expect(listed.body.data.list.map((row: AlertRow) => [row.procedure, row.subtitle])).toEqual([
      ['collect', '{{summary}}'],
      ['post', '{{summary}}'],
    ]);
    const collect = listed.body.data.list[0];
    const edited = await t.call('PUT', `/api/alert-mails/${collect.id}`, { token: admin, body: alert('collect', '*', 'Collect broke: {{summary}}', collect.content) });
    expect(edited.status).toBe(200);
    const mail = await renderAlertMail(t.db, {
      procedure: 'collect',
      errorId: 'SOURCE_TIMEOUT',
      values: { summary: 'It timed out.', taskId: '1', configId: '2', occurredAt: 'now', detail: 'd', link: 'l' },
    });
    expect(mail.subject).toBe('[Alert] Collect broke: It timed out.');
  });

  it('gives the seeded alert e-mail template a subject without the code, unless someone edited it', async () => {
    const old = {
      title: '[Alert] {{procedure}} {{errorId}}: {{subtitle}}',
      body: 'Hello {{name}},\n\nA data-collection task failed.\n\n{{subtitle}}\n\n{{detail}}\n\nSee the collecting status: {{link}}',
    };
    const now = new Date().toISOString();
    const { id: untouched } = await t.db
      .insertInto('email_templates')
      .values({ type: 'alert', ...old, active_flag: 'N', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: edited } = await t.db
      .insertInto('email_templates')
      .values({ type: 'alert', title: old.title, body: 'Our own body', active_flag: 'N', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await alertDefaults.up(t.db);
    const rows = await t.db.selectFrom('email_templates').select(['id', 'title', 'body']).where('id', 'in', [untouched, edited]).orderBy('id').execute();
    expect(rows).toEqual([
      { id: untouched, title: '[Alert] {{subtitle}}', body: 'Hello {{name}},\n\n{{subtitle}}\n\n{{detail}}\n\nOpen the failed run: {{link}}' },
      { id: edited, title: '[Alert] {{subtitle}}', body: 'Our own body' },
    ]);
    // Running it again adds no second catch-all.
    expect((await query({ filter: { errorId: '*', procedure: 'post' } })).body.data.totalCount).toBe(1);
    await t.db.deleteFrom('email_templates').where('id', 'in', [untouched, edited]).execute();
  });
});

describe('renderAlertMail', () => {
  const values = {
    name: 'Ops',
    summary: 'Collecting "Spend" failed: the source answered with an error.',
    taskId: '42',
    configId: '7',
    configName: 'Spend',
    occurredAt: '2024-06-01T00:00:00Z',
    detail: 'HTTP 401 <Unauthorized> & retry',
    link: 'http://console.test/collect',
  };

  it('chooses the error’s template, else the procedure’s catch-all, else the built-in alert', async () => {
    await create(alert('collect-render', 'E401', 'Token expired ({{taskId}})', 'Renew the token of config {{configId}}: {{detail}}'));
    await create(alert('collect-render', '*', 'Something failed ({{errorId}})', 'Catch-all for task {{taskId}}'));

    const specific = await renderAlertMail(t.db, { procedure: 'collect-render', errorId: 'E401', values });
    expect(specific.subject).toBe('[Alert] Token expired (42)');
    expect(specific.text).toContain('Hello Ops,');
    expect(specific.text).toContain('Renew the token of config 7: HTTP 401 <Unauthorized> & retry');
    expect(specific.html).toContain('Renew the token of config 7: HTTP 401 &lt;Unauthorized&gt; &amp; retry');
    expect(specific.html).not.toContain('&amp;lt;');
    expect(specific.html).not.toContain('<Unauthorized>');

    const fallback = await renderAlertMail(t.db, { procedure: 'collect-render', errorId: 'E999', values });
    expect(fallback.subject).toBe('[Alert] Something failed (E999)');
    expect(fallback.text).toContain('Catch-all for task 42');

    const builtIn = await renderAlertMail(t.db, { procedure: 'collect-unknown', errorId: 'E1', values });
    expect(builtIn.subject).toBe('[Alert] Collecting "Spend" failed: the source answered with an error.');
    expect(builtIn.text).toContain('Task 42 of the collect configuration "Spend" stopped at 2024-06-01T00:00:00Z with error E1.');
    expect(builtIn.text).toContain('Open the failed run: http://console.test/collect');
  });

  it('wraps the alert in the active alert e-mail template, and sends it through the outbox', async () => {
    const wrapper = await t.call('POST', '/api/email-templates', {
      token: admin,
      body: { type: 'alert', title: 'ACME alert: {{subtitle}}', body: 'Team {{name}}\n{{detail}}\n-- {{procedure}}/{{errorId}}', activeFlag: 'Y' },
    });
    expect(wrapper.status).toBe(200);
    const mail = await renderAlertMail(t.db, { procedure: 'collect-render', errorId: 'E401', values });
    expect(mail.subject).toBe('ACME alert: Token expired (42)');
    expect(mail.text).toBe('Team Ops\nRenew the token of config 7: HTTP 401 <Unauthorized> & retry\n-- collect-render/E401');

    await sendAlertMail(t.app.ctx, 'ops@example.com', { procedure: 'collect-render', errorId: 'E401', values });
    const sent = await t.lastMail('ops@example.com');
    expect(sent).toMatchObject({ subject: 'ACME alert: Token expired (42)', template_type: 'alert' });
    expect(sent?.body_text).toContain('Renew the token of config 7');
  });
});
