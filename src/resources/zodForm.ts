import type { ZodType } from 'zod';

/**
 * A react-admin form `validate` function from a shared zod schema, so a form shows the same
 * messages the server would answer with, before anything is sent.
 */
export function zodValidator(schema: ZodType) {
  return (values: Record<string, unknown>) => {
    const parsed = schema.safeParse(values);
    if (parsed.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path.join('.');
      if (field && !errors[field]) errors[field] = issue.message;
    }
    return errors;
  };
}

/**
 * Keeps only the fields an input schema declares: react-admin sends the whole record (id,
 * timestamps) on update, and the server refuses unknown fields.
 */
export function inputOf(schema: { shape: Record<string, unknown> }) {
  const fields = Object.keys(schema.shape);
  return (data: Record<string, unknown>) => Object.fromEntries(fields.filter((field) => field in data).map((field) => [field, data[field]]));
}
