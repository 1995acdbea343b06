import { describe, expect, it } from 'vitest';
import { placeholderProblem } from './email-templates';

const allowed = ['name', 'code'];

describe('placeholderProblem', () => {
  it('accepts text without placeholders and allowed names, spaces inside the braces included', () => {
    expect(placeholderProblem('Plain text { single } braces', allowed)).toBeUndefined();
    expect(placeholderProblem('Hi {{name}}, {{ code }}', allowed)).toBeUndefined();
  });

  it('names an unknown placeholder and lists the allowed ones', () => {
    expect(placeholderProblem('Hi {{unknown}}', allowed)).toEqual({ message: 'placeholderUnknown', params: { placeholder: 'unknown', allowed: '{{name}}, {{code}}' } });
    expect(placeholderProblem('{{na-me}}', allowed)).toMatchObject({ message: 'placeholderUnknown', params: { placeholder: 'na-me' } });
  });

  it('finds an unclosed {{, a {{ opened twice, and a }} without opening', () => {
    expect(placeholderProblem('Hi {{name', allowed)).toEqual({ message: 'placeholderNotClosed', params: { position: 4 } });
    expect(placeholderProblem('{{name {{code}}', allowed)).toEqual({ message: 'placeholderNotClosedBeforeNext', params: { position: 1 } });
    expect(placeholderProblem('Hi name}}', allowed)).toEqual({ message: 'placeholderNotOpened', params: { position: 8 } });
  });
});
