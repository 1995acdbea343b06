import { validatePasswordChange, type PasswordChangeValues } from '../shared/validation-rules';
import { validationLabel } from '../components/formRules';

/** The change-password rules as catalogue labels (`console.validation.*`) per field. */
export function passwordChangeProblems(values: PasswordChangeValues): Partial<Record<keyof PasswordChangeValues, string>> {
  return Object.fromEntries(Object.entries(validatePasswordChange(values)).map(([field, key]) => [field, validationLabel(key)]));
}
