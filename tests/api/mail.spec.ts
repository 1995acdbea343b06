import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApp, type TestApp } from './harness';
import { renderHtml } from '../../server/mail/templates';

interface Received {
  to: string[];
  raw: string;
}

let smtp: SMTPServer;
let received: Received[] = [];
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await startTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

describe('mail over SMTP', () => {
  it('delivers the sign-in code to a real SMTP peer and marks the outbox row SENT', async () => {
    received = [];
    const reply = await t.call('POST', '/api/auth/signin', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    expect(reply.body.result).toBe('OTP_REQUIRED');
    const code = await t.lastCode(ADMIN_EMAIL);
    expect(received).toHaveLength(1);
    expect(received[0].to).toEqual([ADMIN_EMAIL]);
    expect(received[0].raw).toContain(code);
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
