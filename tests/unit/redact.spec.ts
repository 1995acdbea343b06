import { describe, expect, it } from 'vitest';
import { REDACTED, redactedJson, redactPath } from '../../server/audit/redact';

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
});
