/**
 * A record's version (server/http/record-versions.ts): the ETag of its one-record read, sent back as
 * If-Match by a write made from it. What a write from an older version is refused with (412
 * STALE_VERSION) beside its message: the record as it is now, its version, who changed it, when, and
 * the fields they changed.
 */
export interface StaleVersion {
  record: Record<string, unknown>;
  version: string;
  changedBy: string | null;
  changedAt: string | null;
  fields: string[];
}

/** The field of a record the console holds its version in (never sent in a body). */
export const VERSION_FIELD = 'version';

/** The If-Match a write made from `held` (a record as the console holds it) sends: its version, or nothing when it carries none. */
export function ifMatchOf(held: object | undefined): Record<string, string> {
  const version = (held as Readonly<Record<string, unknown>> | undefined)?.[VERSION_FIELD];
  return typeof version === 'string' && version ? { 'If-Match': `"${version}"` } : {};
}
