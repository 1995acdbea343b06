import { useFormState } from 'react-hook-form';

/**
 * Whether the reader has reached a field of the form (touched, changed, or tried to save), so a
 * live preview's complaints about a field wait like the field's own message does.
 */
export function useReachedField(): (field: string) => boolean {
  const { touchedFields, dirtyFields, isSubmitted } = useFormState();
  const top = (field: string) => field.split('.')[0];
  return (field) => isSubmitted || Boolean((touchedFields as Record<string, unknown>)[top(field)] || (dirtyFields as Record<string, unknown>)[top(field)]);
}
