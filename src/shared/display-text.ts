/**
 * Unicode controls (Cc), format characters (Cf: the bidi embeddings, overrides and isolates
 * U+202A–202E and U+2066–2069, the marks U+200E/U+200F and U+061C, zero-width characters) and the
 * line and paragraph separators, and lone surrogates (Cs: not text, and PostgreSQL refuses them). In a name someone else reads they disguise it: `invoice\u202Eslx.csv`
 * shows as "invoicexls.csv".
 */
const CONTROLS = /[\p{Cc}\p{Cf}\p{Cs}\u2028\u2029]/gu;

/** Text with the controls above removed: the one rule for every file name and display name stored. */
export function withoutControls(text: string): string {
  return text.replace(CONTROLS, '');
}
