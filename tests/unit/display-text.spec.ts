import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { alertMailInput, collectConfigInput, datasetInput, emailTemplateInput, marketAccountInput, propertyInput, signUpBody, withoutControls } from '../../src/shared';

/** Every text one person types for others to read, by the schema field that takes it. */
const NAMES: [string, z.ZodType][] = [
  ['sign-up first name', signUpBody.shape.firstName],
  ['sign-up last name', signUpBody.shape.lastName],
  ['sign-up comment', signUpBody.shape.requestComment],
  ['market account name', marketAccountInput.shape.name],
  ['collect metric name', collectConfigInput.shape.metricName],
  ['collect source name', collectConfigInput.shape.sourceName],
  ['property name', propertyInput.shape.name],
  ['e-mail template title', emailTemplateInput.shape.title],
  ['alert mail subtitle', alertMailInput.shape.subtitle],
  ['data set title', datasetInput.shape.title],
];

describe('names lose control and bidi characters, whichever form takes them', () => {
  it('strips Cc, Cf, separators and lone surrogates and keeps the rest', () => {
    expect(withoutControls('invoice\u202Eslx.csv')).toBe('invoiceslx.csv');
    expect(withoutControls('a\u2066b\u2069c\u200Fd\u0007e\u2028f\uD800')).toBe('abcdef');
    expect(withoutControls('김민아 Müller')).toBe('김민아 Müller');
  });

  it.each(NAMES)('%s', (_field, schema) => {
    expect(schema.parse('Mina\u202E\u2066 Park\u200B')).toBe('Mina Park');
  });
});
