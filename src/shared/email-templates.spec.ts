import { describe, expect, it } from 'vitest';
import { placeholderProblem } from './email-templates';

const allowed = ['name', 'code'];

describe('placeholderProblem', () => {
  it('accepts text without placeholders and allowed names, spaces inside the braces included', () => {
    expect(placeholderProblem('Plain text { single } braces', allowed)).toBeUndefined();
    expect(placeholderProblem('Hi {{name}}, {{ code }}', allowed)).toBeUndefined();
  });

  it('names an unknown placeholder and lists the allowed ones', () => {
    expect(placeholderProblem('Hi {{unknown}}', allowed)).toBe('Unknown placeholder {{unknown}}: use {{name}}, {{code}}.');
    expect(placeholderProblem('{{na-me}}', allowed)).toMatch(/^Unknown placeholder \{\{na-me\}\}/);
  });

  it('finds an unclosed {{, a {{ opened twice, and a }} without opening', () => {
    expect(placeholderProblem('Hi {{name', allowed)).toBe('Unbalanced {{ at position 4: close it with }}.');
    expect(placeholderProblem('{{name {{code}}', allowed)).toMatch(/^Unbalanced \{\{ at position 1/);
    expect(placeholderProblem('Hi name}}', allowed)).toBe('Unbalanced }} at position 8: there is no {{ before it.');
  });
});
