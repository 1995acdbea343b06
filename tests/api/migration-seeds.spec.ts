import { describe, expect, it } from 'vitest';
import { withTestApp, type TestApp } from './harness';
import { COLLECT_ALERT_PROCEDURES, ANY_ERROR_ID } from '../../src/shared';
import { DEFAULT_TEMPLATES } from '../../server/mail/templates';
import { DEFAULT_ALERT_MAIL } from '../../server/collect/alert-mails/render';

let t: TestApp;
withTestApp((app) => (t = app));

/**
 * Migrations 004 and 018 write their values out rather than import the live defaults, so an old
 * migration keeps its meaning. A fresh install still starts on today's defaults; when a default
 * changes, a new migration brings the rows nobody edited up to it (as 018 did for the alert mail).
 */
describe('what a fresh install seeds', () => {
  it('every built-in mail in every language as the active template of its type and language', async () => {
    // By type: a type added later is seeded by a later migration, so its row comes after 004's.
    const byType = (a: { type: string; language: string }, b: { type: string; language: string }) => (`${a.type} ${a.language}` < `${b.type} ${b.language}` ? -1 : 1);
    const rows = await t.db.selectFrom('email_templates').select(['type', 'language', 'title', 'body', 'active_flag']).execute();
    const defaults = Object.entries(DEFAULT_TEMPLATES).flatMap(([language, templates]) =>
      Object.entries(templates).map(([type, { title, body }]) => ({ type, language, title, body, active_flag: 'Y' })),
    );
    expect(defaults).toHaveLength(24);
    expect(rows.sort(byType)).toEqual(defaults.sort(byType));
    expect(await t.db.selectFrom('email_template_statements').select('id').execute()).toEqual([]);
  });

  it('a catch-all alert mail of the built-in text for each collect procedure', async () => {
    const rows = await t.db.selectFrom('alert_mails').select(['procedure', 'error_id', 'subtitle', 'content']).orderBy('id').execute();
    expect(rows).toEqual(Object.values(COLLECT_ALERT_PROCEDURES).map((procedure) => ({ procedure, error_id: ANY_ERROR_ID, ...DEFAULT_ALERT_MAIL })));
  });
});
