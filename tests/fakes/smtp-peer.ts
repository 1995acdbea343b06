import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A delivered mail as its reader sees it: the subject and the plain-text part, decoded. */
export interface ReadMail {
  subject: string;
  text: string;
}

export interface SmtpPeer {
  url: string;
  received: { to: string[]; raw: string }[];
  /** The newest mail received for the address, decoded; throws when none arrived. */
  lastMail(email: string): ReadMail;
  close(): Promise<void>;
}

/** A real SMTP server on a free local port that keeps every message it accepts, after `delayMs` (a slow relay). */
export async function startSmtpPeer(options: { delayMs?: number } = {}): Promise<SmtpPeer> {
  const received: SmtpPeer['received'] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
        setTimeout(callback, options.delayMs ?? 0);
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    lastMail(email) {
      const raw = received.findLast((mail) => mail.to.includes(email))?.raw;
      if (!raw) throw new Error(`no mail to ${email} reached the SMTP peer`);
      return readMail(raw);
    },
    close: () => new Promise<void>((resolve) => smtp.close(resolve)),
  };
}

/** A MIME part's headers (unfolded, names in lower case) and its body. */
function splitPart(part: string): { headers: Map<string, string>; body: string } {
  const at = part.search(/\r?\n\r?\n/);
  const head = part.slice(0, at).replace(/\r?\n[ \t]+/g, ' ');
  const headers = new Map(head.split(/\r?\n/).map((line) => [line.slice(0, line.indexOf(':')).trim().toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { headers, body: part.slice(at).replace(/^\r?\n\r?\n/, '') };
}

function decodeBody(body: string, encoding = ''): string {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/quoted-printable/i.test(encoding)) return quotedPrintable(body.replace(/=\r?\n/g, ''));
  return body;
}

function quotedPrintable(text: string): string {
  const bytes: number[] = [];
  for (let index = 0; index < text.length; index++) {
    const hex = text[index] === '=' ? /^[0-9A-F]{2}/i.exec(text.slice(index + 1, index + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      index += 2;
    } else bytes.push(...Buffer.from(text[index], 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A header's RFC 2047 encoded words (=?UTF-8?Q?…?= or ?B?) as text. */
function decodeWords(header: string): string {
  return header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_match, kind: string, words: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(words, 'base64').toString('utf8') : quotedPrintable(words.replace(/_/g, ' ')),
    );
}

/** The subject and the text/plain part of a raw message, as nodemailer writes them. */
export function readMail(raw: string): ReadMail {
  const { headers, body } = splitPart(raw);
  const subject = decodeWords(headers.get('subject') ?? '');
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  if (!boundary) return { subject, text: decodeBody(body, headers.get('content-transfer-encoding')) };
  const plain = body
    .split(`--${boundary}`)
    .map(splitPart)
    .find((part) => /text\/plain/i.test(part.headers.get('content-type') ?? ''));
  return { subject, text: plain ? decodeBody(plain.body, plain.headers.get('content-transfer-encoding')).trim() : '' };
}
