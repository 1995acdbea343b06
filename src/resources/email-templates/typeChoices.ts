import { emailTemplateTypes } from '../../shared';

/** Choices of the template type input and filter; the names are message keys. */
export const typeChoices = emailTemplateTypes.map((type) => ({ id: type, name: `resources.email-templates.types.${type}` }));
