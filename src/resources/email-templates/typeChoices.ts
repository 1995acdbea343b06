import { emailTemplateTypes, MAIL_LANGUAGES } from '../../shared';
import { codeChoices } from '../../components/codeChoices';

/** Choices of the template type input and filter; the names are message keys. */
export const typeChoices = emailTemplateTypes.map((type) => ({ id: type, name: `resources.email-templates.types.${type}` }));

/** Choices of the language input and filter, by their words. */
export const languageChoices = codeChoices('mailLanguage', MAIL_LANGUAGES);
