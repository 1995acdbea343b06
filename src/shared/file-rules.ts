/** What the file store accepts for each purpose; no zod, so the sign-in page's code can read it. */

const MIB = 1024 * 1024;

/** What an upload is for; the purpose decides the accepted kinds of file and the size limit. */
export const FILE_PURPOSES = ['template-preview', 'template-dashboard', 'email-attachment'] as const;
export type FilePurpose = (typeof FILE_PURPOSES)[number];

/** A kind of file the store accepts, recognised by its content (magic bytes), not by what the client declares. */
export type FileKind = 'png' | 'jpeg' | 'webp' | 'pdf' | 'twb' | 'twbx' | 'json' | 'csv' | 'xlsx';

/** The content type each kind is stored and served with, and the file-name extensions it may carry. */
export const FILE_KINDS: Record<FileKind, { type: string; extensions: readonly string[] }> = {
  png: { type: 'image/png', extensions: ['png'] },
  jpeg: { type: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  webp: { type: 'image/webp', extensions: ['webp'] },
  pdf: { type: 'application/pdf', extensions: ['pdf'] },
  twb: { type: 'application/xml', extensions: ['twb'] },
  twbx: { type: 'application/zip', extensions: ['twbx'] },
  json: { type: 'application/json', extensions: ['json'] },
  csv: { type: 'text/csv', extensions: ['csv'] },
  xlsx: { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extensions: ['xlsx'] },
};

export interface PurposeRule {
  kinds: readonly FileKind[];
  maxBytes: number;
}

export const FILE_PURPOSE_RULES: Record<FilePurpose, PurposeRule> = {
  'template-preview': { kinds: ['png', 'jpeg', 'webp'], maxBytes: 5 * MIB },
  'template-dashboard': { kinds: ['twb', 'twbx', 'json', 'pdf'], maxBytes: 20 * MIB },
  'email-attachment': { kinds: ['pdf', 'png', 'jpeg', 'csv', 'xlsx'], maxBytes: 10 * MIB },
};

/** The `accept` attribute of a file picker for a purpose. */
export function acceptOf(purpose: FilePurpose): string {
  const { kinds } = FILE_PURPOSE_RULES[purpose];
  return kinds.flatMap((kind) => [FILE_KINDS[kind].type, ...FILE_KINDS[kind].extensions.map((ext) => `.${ext}`)]).join(',');
}

export function formatBytes(bytes: number): string {
  return bytes >= MIB ? `${+(bytes / MIB).toFixed(1)} MiB` : `${Math.ceil(bytes / 1024)} KiB`;
}

export function isImageType(type: string): boolean {
  return /^image\/(png|jpeg|webp)$/.test(type);
}
