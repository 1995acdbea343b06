import { codeMessageKey } from '../shared/code-sets';

/** Choices of a Y/N flag filter; the names are message keys. */
export const activeFlagChoices = [
  { id: 'Y', name: codeMessageKey('activeFlag', 'Y') },
  { id: 'N', name: codeMessageKey('activeFlag', 'N') },
];
