import type { FieldError } from '../shared/envelope';
import type { core } from 'zod';
import { isValidationMessageKey, issueMessage } from '../shared/validation-messages';

/** A message as react-admin translates it (`translate(message, args)`, or a form error as it is). */
export interface TranslatableMessage {
  message: string;
  /** Always present: react-admin reads `{message, args}` as one message, `{message}` alone as nested fields. */
  args: Record<string, unknown>;
}

/**
 * A validation message (a shared schema's, or a field error of the server's answer) in the reader's
 * language: a key's words from the catalogue (console.validation.schema.*) with its params, numbers
 * grouped (20,000). A server check without a key yet has written its own words, which stay as they are.
 */
export function translatableMessage({ message, params = {} }: Pick<FieldError, 'message' | 'params'>): TranslatableMessage {
  if (!isValidationMessageKey(message)) return { message, args: { _: message } };
  const args = Object.fromEntries(Object.entries(params).map(([name, value]) => [name, typeof value === 'number' ? value.toLocaleString('en-US') : value]));
  return { message: `console.validation.schema.${message}`, args };
}

/** A shared schema's issue found in the browser (a form checked before it is sent), in the reader's words. */
export function issueWords(issue: core.$ZodIssue, translate: (key: string, args: Record<string, unknown>) => string): string {
  const { message, args } = translatableMessage(issueMessage(issue));
  return translate(message, args);
}
