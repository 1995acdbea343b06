/** A field's value as a record's name in the activity log's sentences (a declaration's `history.name`). */
export const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** The name is one field of the record. */
export const field =
  (name: string) =>
  (record: Readonly<Record<string, unknown>>): string =>
    text(record[name]);
