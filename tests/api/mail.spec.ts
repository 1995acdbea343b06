import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestApp, withSmtpTestApp } from './harness';
import { renderHtml } from '../../server/mail/templates';
import type { SmtpPeer } from '../fakes/smtp-peer';

let smtp: SmtpPeer;
let t: TestApp;
withSmtpTestApp((suite) => ({ t, smtp } = suite));

describe('mail over SMTP', () => {
  it('delivers the sign-in code to a real SMTP peer and marks the outbox row SENT', async () => {
    smtp.received.length = 0;
    const reply = await t.call('POST', '/api/auth/signin', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    expect(reply.body.result).toBe('OTP_REQUIRED');
    const code = await t.lastCode(ADMIN_EMAIL);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].to).toEqual([ADMIN_EMAIL]);
    expect(smtp.received[0].raw).toContain(code);
    const row = await t.db.selectFrom('mail_outbox').select(['status', 'sent_at']).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(row.status).toBe('SENT');
    expect(row.sent_at).not.toBeNull();
    const signedIn = await t.call('POST', '/api/auth/signin/otp', { body: { challengeToken: reply.body.data.challengeToken, code } });
    expect(signedIn.body.result).toBe('SUCCESS');
  });

  it('escapes values in the HTML part so a name cannot inject markup', () => {
    const html = renderHtml('Hello {{name}}', { name: '<img src=x onerror=alert(1)>' });
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img');
  });
});
