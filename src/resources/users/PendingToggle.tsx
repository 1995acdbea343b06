import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';

/** One click between every user and the sign-ups waiting for approval. */
export function PendingToggle() {
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const translate = useTranslate();
  const pending = filterValues.approvalStatusCode === 'PENDING';
  const choose = (next: 'pending' | 'all' | null) => {
    if (!next) return;
    const { approvalStatusCode: _dropped, ...rest } = filterValues;
    setFilters(next === 'pending' ? { ...rest, approvalStatusCode: 'PENDING' } : rest, displayedFilters);
  };
  return (
    <ToggleButtonGroup size="small" exclusive value={pending ? 'pending' : 'all'} onChange={(_event, next) => choose(next)} sx={{ mr: 'auto' }}>
      <ToggleButton value="all">{translate('resources.users.actions.allUsers')}</ToggleButton>
      <ToggleButton value="pending" color="warning">
        {translate('resources.users.actions.pending')}
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
