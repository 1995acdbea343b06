import { TERM_TYPES } from '../../shared';

/** Choices of the term type; the names are message keys. */
export const termTypeChoices = TERM_TYPES.map((type) => ({ id: type, name: `resources.terms.types.${type}` }));
