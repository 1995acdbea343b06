import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import PersonIcon from '@mui/icons-material/Person';
import { useTranslate } from 'react-admin';
import { profileFlow } from './profileFlow';

/** Profile entry of the top bar's settings popover; the dialogs it opens are rendered by ProfileFlowHost. */
export function ProfileMenuItem({ onClick }: { onClick?: () => void }) {
  const translate = useTranslate();
  return (
    <MenuItem
      onClick={() => {
        onClick?.();
        profileFlow.open();
      }}
    >
      <ListItemIcon>
        <PersonIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('console.profile.menuItem')}</ListItemText>
    </MenuItem>
  );
}
