import { emailTemplateInput } from '../../shared';
import { zodValidator } from '../zodForm';

interface StatementValues {
  statement?: string;
  fileId?: string | null;
}

/**
 * The request body of the edited record: only the fields the API takes. Statements carry the
 * attached file's name and link for display, which the server does not accept back.
 */
export function toEmailTemplateInput(values: Record<string, unknown>) {
  const statements = (values.statements as StatementValues[] | undefined) ?? [];
  return {
    type: values.type,
    language: values.language,
    title: values.title,
    body: values.body,
    activeFlag: values.activeFlag,
    statements: statements.map((statement) => ({ statement: statement?.statement ?? '', fileId: statement?.fileId ?? null })),
  };
}

const validateInput = zodValidator(emailTemplateInput);

/** The shared schema's messages on the form's fields, before anything is sent. */
export function validateEmailTemplate(values: Record<string, unknown>) {
  return validateInput(toEmailTemplateInput(values));
}
