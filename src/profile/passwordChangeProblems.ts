import { messages, validatePasswordChange, type PasswordChangeValues } from '../shared/validation-rules';
import { validationLabel, type ValidationKey } from '../components/formRules';

const keyOfMessage = new Map(Object.entries(messages).map(([key, message]) => [message as string, key as ValidationKey]));

/** SPEC §5 change-password rules as catalogue labels (`console.validation.*`) per field. */
export function passwordChangeProblems(values: PasswordChangeValues): Partial<Record<keyof PasswordChangeValues, string>> {
  return Object.fromEntries(Object.entries(validatePasswordChange(values)).map(([field, message]) => [field, validationLabel(keyOfMessage.get(message)!)]));
}
