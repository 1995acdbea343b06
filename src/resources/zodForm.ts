import type { ZodType } from 'zod';
import { issueMessage } from '../shared/validation-messages';
import { translatableMessage, type TranslatableMessage } from '../i18n/validationMessage';

/**
 * A form error as react-admin translates it: a validation message key with its arguments, never
 * zod's English, so a Korean screen shows Korean.
 */
export type FormMessage = TranslatableMessage;

/** The schema's first message per field, keyed by dotted path (`columns.0.colName`); the form root's issues are left out. */
export function zodFieldMessages(schema: ZodType, values: unknown): Record<string, FormMessage> {
  const parsed = schema.safeParse(values);
  const messages: Record<string, FormMessage> = {};
  if (parsed.success) return messages;
  for (const issue of parsed.error.issues) {
    const field = issue.path.join('.');
    if (field && !messages[field]) messages[field] = translatableMessage(issueMessage(issue));
  }
  return messages;
}

/**
 * Errors shaped like the values (`columns.0.colName` → `{columns: [{colName}]}`): react-hook-form
 * sets and clears a field's error at its path, so a flat dotted key would stay after the field is
 * fixed.
 */
export function nestErrors(flat: Record<string, FormMessage>): Record<string, unknown> {
  const errors: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(flat)) {
    const keys = path.split('.');
    let node = errors as Record<string, unknown>;
    keys.forEach((key, index) => {
      if (index === keys.length - 1) {
        node[key] ??= message;
        return;
      }
      if (typeof node[key] !== 'object' || node[key] === null || 'message' in (node[key] as object)) node[key] = /^\d+$/.test(keys[index + 1]) ? [] : {};
      node = node[key] as Record<string, unknown>;
    });
  }
  // Arrays with gaps (an error on row 2 only) get empty rows, as react-admin reads them.
  const fill = (node: unknown): unknown => {
    if (Array.isArray(node)) return Array.from(node, (item) => (item === undefined ? {} : fill(item)));
    if (node && typeof node === 'object' && !('message' in node)) return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, fill(value)]));
    return node;
  };
  return fill(errors) as Record<string, unknown>;
}

/**
 * A react-admin form `validate` function from a shared zod schema, so a form shows the same rules
 * the server applies, before anything is sent, as translated messages nested like the values.
 */
export function zodValidator(schema: ZodType) {
  return (values: Record<string, unknown>) => nestErrors(zodFieldMessages(schema, values));
}

/**
 * Keeps only the fields an input schema declares: react-admin sends the whole record (id,
 * timestamps) on update, and the server refuses unknown fields.
 */
export function inputOf(schema: { shape: Record<string, unknown> }) {
  const fields = Object.keys(schema.shape);
  return (data: Record<string, unknown>) => Object.fromEntries(fields.filter((field) => field in data).map((field) => [field, data[field]]));
}
