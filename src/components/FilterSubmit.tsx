import { Button } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useTranslate } from 'react-admin';

/**
 * A list's filter form applies each filter as it changes, so it has no button of its own; a form
 * without a submit leaves some keyboard and switch users without a way to send it (WCAG 3.2.2).
 * This one is out of sight until the keyboard reaches it. ConsoleList adds it to every filter form.
 */
export function FilterSubmit(_props: { source: string; alwaysOn: boolean }) {
  const translate = useTranslate();
  return (
    <Button type="submit" size="small" sx={{ '&:not(:focus)': visuallyHidden, alignSelf: 'center' }}>
      {translate('console.list.applyFilters')}
    </Button>
  );
}
