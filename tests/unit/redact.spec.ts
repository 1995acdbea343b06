import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { REDACTED, redactedJson, redactPath, redactText, redactUrl } from '../../server/audit/redact';

describe('system-log redaction', () => {
  it('replaces secret-looking values at any depth and in arrays, and keeps the rest as sent', () => {
    let deep: Record<string, unknown> = { password: 'hunter2-deep' };
    for (let level = 0; level < 30; level++) deep = { next: deep };
    const json = redactedJson({ email: 'a@b.co', code: '123456', zipcode: '04524', items: [{ apiKey: 'k-1' }, { name: 'x' }], deep });
    expect(json).not.toContain('hunter2-deep');
    expect(json).not.toContain('k-1');
    expect(json).not.toContain('123456');
    expect(JSON.parse(json)).toMatchObject({ email: 'a@b.co', code: REDACTED, zipcode: '04524', items: [{ apiKey: REDACTED }, { name: 'x' }] });
    expect(redactedJson('plain text body')).toBe('"plain text body"');
  });

  it('masks long opaque path segments such as a reset token', () => {
    expect(redactPath('/api/new-password/abcdefghijklmnopqrstuvwxyz012345/confirm')).toBe(`/api/new-password/${REDACTED}/confirm`);
    expect(redactPath('/api/users/42')).toBe('/api/users/42');
  });

  it('masks a URL for a log: secret-named query values, a password, opaque path segments and the given secrets in any encoding', () => {
    const url = new URL('https://user:pw-1@ads.example/v1/abcdefghijklmnopqrstuvwxyz012345/report?day=2026-11-17&access_token=t-1&key=s%2B1&q=acct-secret');
    expect(redactUrl(url, ['s+1', 'acct-secret', null])).toBe(`https://user:${REDACTED}@ads.example/v1/${REDACTED}/report?day=2026-11-17&access_token=${REDACTED}&key=${REDACTED}&q=${REDACTED}`);
    expect(redactUrl(new URL('https://ads.example/report?day=2026-11-17&page=2'))).toBe('https://ads.example/report?day=2026-11-17&page=2');
  });
});

describe('free text of a task run (log lines, failure texts)', () => {
  it('masks every URL in a sentence as redactUrl does, keeps the full stop outside, and masks the secrets wherever they stand', () => {
    const line = 'Posted to https://ops:pw-1@tableau.example/api?token=tok-9&site=mk. Then gs://drop/acct-secret/x.csv (acct-secret).';
    expect(redactText(line, ['acct-secret'])).toBe(`Posted to https://ops:${REDACTED}@tableau.example/api?token=${REDACTED}&site=mk. Then gs://drop/${REDACTED}/x.csv (${REDACTED}).`);
  });
  it('leaves a sentence with nothing secret exactly as written', () => {
    const line = 'Posting 12 rows (300 bytes) to LOCAL feeds/media as MEDIA-1-2026-11-27.csv; see http://127.0.0.1:8080.';
    expect(redactText(line, [null, 'not-in-it'])).toBe(line);
  });
});

describe('one way into a task log', () => {
  it("only the run's masked writer and the admin's retry line call appendLog, so no collector or poster writes a line unmasked", () => {
    const callers = execFileSync('git', ['grep', '-l', 'appendLog(', '--', 'server'], { encoding: 'utf8' }).trim().split('\n').sort();
    expect(callers).toEqual(['server/collect/jobs/scheduler.ts', 'server/collect/jobs/task-store.ts', 'server/collect/tasks/index.ts']);
  });
});
