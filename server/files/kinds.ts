import { withoutControls, type FileKind } from '../../src/shared';

/** How many leading bytes the kind checks read. */
export const SNIFF_BYTES = 8192;

const startsWith = (head: Buffer, bytes: number[], offset = 0) => bytes.every((byte, i) => head[offset + i] === byte);
const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0));
const isZip = (head: Buffer) => startsWith(head, [0x50, 0x4b, 0x03, 0x04]);

/** Text without NUL bytes (a binary file has them early), BOM and leading blanks skipped. */
function textStart(head: Buffer): string | undefined {
  if (head.includes(0)) return undefined;
  return head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
}

/**
 * Whether the leading bytes are of the kind. Binary kinds are known by their signatures; a zip
 * or a text file could be many things, so for those the file name's extension must agree too.
 */
const MATCHES: Record<FileKind, (head: Buffer, extension: string) => boolean> = {
  png: (head) => startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpeg: (head) => startsWith(head, [0xff, 0xd8, 0xff]),
  webp: (head) => startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8),
  pdf: (head) => startsWith(head, ascii('%PDF-')),
  twbx: (head, extension) => extension === 'twbx' && isZip(head),
  xlsx: (head, extension) => extension === 'xlsx' && isZip(head),
  twb: (head, extension) => extension === 'twb' && (textStart(head)?.startsWith('<') ?? false),
  json: (head, extension) => extension === 'json' && /^[[{]/.test(textStart(head) ?? ''),
  csv: (head, extension) => extension === 'csv' && head.length > 0 && textStart(head) !== undefined,
};

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The first allowed kind the content is, or undefined: the declared content type is never trusted. */
export function detectKind(head: Buffer, originalName: string, allowed: readonly FileKind[]): FileKind | undefined {
  const extension = extensionOf(originalName);
  return allowed.find((kind) => MATCHES[kind](head, extension));
}

/**
 * A client's file name made safe to store and show: no folders, no control or bidi characters
 * (withoutControls), bounded. Every stored file name comes through here.
 */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = [...withoutControls(base).trim()].slice(-200).join('');
  return cleaned || 'file';
}
