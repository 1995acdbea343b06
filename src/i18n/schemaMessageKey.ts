import { schemaEn } from './schema.en';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Each catalogued message as a pattern: `%{name}` matches the value the schema wrote there. Fixed
 * texts are tried first, so "Enter a backup folder…" is itself, not "Enter %{key}." with a long key.
 */
const patterns = Object.entries(schemaEn)
  .map(([key, text]) => {
    const names = [...text.matchAll(/%\{(\w+)\}/g)].map((match) => match[1]);
    const source = text
      .split(/%\{\w+\}/)
      .map(escape)
      .join('(.+?)');
    return { key: `console.validation.schema.${key}`, names, pattern: new RegExp(`^${source}$`) };
  })
  .sort((a, b) => a.names.length - b.names.length);

/**
 * The i18n key (and arguments) of a shared schema's English message, or undefined for a text the
 * catalogue (schema.en.ts) does not hold.
 */
export function schemaMessageKey(text: string): { message: string; args: Record<string, string> } | undefined {
  for (const { key, names, pattern } of patterns) {
    const match = pattern.exec(text);
    if (match) return { message: key, args: Object.fromEntries(names.map((name, index) => [name, match[index + 1]])) };
  }
  return undefined;
}
