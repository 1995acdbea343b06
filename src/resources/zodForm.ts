import type { ZodType } from 'zod';
import type { core } from 'zod';
import { schemaMessageKey } from '../i18n/schemaMessageKey';

/**
 * A form error as react-admin translates it: an i18n key with its arguments, never zod's or the
 * shared schema's English text as it is, so a Korean screen shows Korean.
 */
export interface FormMessage {
  message: string;
  /** Always present: react-admin reads `{message, args}` as one message, `{message}` alone as nested fields. */
  args: Record<string, unknown>;
}

/** Marks a message zod would have written itself (no custom message in the schema). */
const ZOD_DEFAULT = '\u0000zod-default';

/** The kind of problem, worded in both locales (console.validation.issue.*). */
function issueKind(issue: core.$ZodIssue): { kind: string; args?: Record<string, unknown> } {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null || issue.input === '' ? { kind: 'required' } : issue.expected === 'number' ? { kind: 'number' } : { kind: 'invalid' };
    case 'too_small':
      if (issue.origin === 'array' || issue.origin === 'set') return { kind: 'tooFew', args: { minimum: Number(issue.minimum) } };
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? { kind: 'required' } : { kind: 'tooShort', args: { minimum: Number(issue.minimum) } };
      return { kind: 'tooLow', args: { minimum: Number(issue.minimum) } };
    case 'too_big':
      if (issue.origin === 'array' || issue.origin === 'set') return { kind: 'tooMany', args: { maximum: Number(issue.maximum) } };
      if (issue.origin === 'string') return { kind: 'tooLong', args: { maximum: Number(issue.maximum) } };
      return { kind: 'tooHigh', args: { maximum: Number(issue.maximum) } };
    case 'invalid_format':
      return { kind: 'format' };
    case 'invalid_value':
    case 'invalid_union':
      return { kind: 'choice' };
    default:
      return { kind: 'invalid' };
  }
}

/**
 * One issue as a translatable message: a shared schema message the catalogue knows becomes its
 * key (console.validation.schema.*); zod's own text, or a message the catalogue lacks, becomes
 * the kind of problem (console.validation.issue.*), so no untranslated text reaches the screen.
 */
export function issueMessage(issue: core.$ZodIssue): FormMessage {
  const known = issue.message === ZOD_DEFAULT ? undefined : schemaMessageKey(issue.message);
  if (known) return known;
  const { kind, args = {} } = issueKind(issue);
  return { message: `console.validation.issue.${kind}`, args };
}

/** A shared rule's message checked outside zod, as a translatable message. */
export function schemaMessage(text: string): FormMessage {
  return schemaMessageKey(text) ?? { message: 'console.validation.issue.invalid', args: {} };
}

/** The schema's first message per field, keyed by dotted path (`columns.0.colName`); the form root's issues are left out. */
export function zodFieldMessages(schema: ZodType, values: unknown): Record<string, FormMessage> {
  const parsed = schema.safeParse(values, { error: () => ZOD_DEFAULT });
  const messages: Record<string, FormMessage> = {};
  if (parsed.success) return messages;
  for (const issue of parsed.error.issues) {
    const field = issue.path.join('.');
    if (field && !messages[field]) messages[field] = issueMessage(issue);
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
