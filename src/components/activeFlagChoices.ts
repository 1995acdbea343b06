/** Choices of a Y/N flag filter; the names are message keys. */
export const activeFlagChoices = [
  { id: 'Y', name: 'console.flags.active' },
  { id: 'N', name: 'console.flags.inactive' },
];
