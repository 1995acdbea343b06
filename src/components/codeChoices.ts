import { codeMessageKey, type CodeSet, type CodeSets } from '../shared/code-sets';

/**
 * Choices of a select, radio group or filter holding a code: each names its words' message key
 * (the code table's), which react-admin translates. The codes come from the caller so the table
 * itself stays free of zod (see src/shared/code-sets.ts).
 */
export function codeChoices<S extends CodeSet>(set: S, codes: readonly CodeSets[S][]) {
  return codes.map((code) => ({ id: code, name: codeMessageKey(set, code) }));
}
