/**
 * The sort key of a name people number: every run of digits left-padded to 20, so "Spring #5"
 * sorts before "Spring #23". Registered on SQLite connections; migration 014 creates the same
 * function on PostgreSQL.
 */
export function naturalKey(value: string | null): string | null {
  return value === null ? null : value.replace(/\d+/g, (digits) => digits.padStart(20, '0'));
}
