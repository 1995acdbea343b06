import { useId, useState } from 'react';
import { Box, Divider, IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Typography } from '@mui/material';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import LogoutIcon from '@mui/icons-material/Logout';
import { useGetIdentity, useLogout, useTranslate } from 'react-admin';
import { ProfileMenuItem } from '../profile/ProfileMenuItem';
import { useApiRead } from '../components/useApi';

/** Who is signed in: the e-mail comes with the session; the name from the person's profile. */
function useSignedInPerson() {
  const { identity } = useGetIdentity();
  const adminId = typeof identity?.id === 'number' ? identity.id : undefined;
  const { data: profile } = useApiRead(['profile', adminId], (api) => api.getProfile(adminId!), { enabled: adminId !== undefined, retry: false });
  const name = profile ? `${profile.firstName} ${profile.lastName}`.trim() : '';
  return { name, email: profile?.email ?? identity?.fullName ?? '' };
}

/** The top bar's user popover: who is signed in, then Profile and Logout. */
export function AccountMenu() {
  const translate = useTranslate();
  const person = useSignedInPerson();
  const logout = useLogout();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={translate('console.frame.userMenu')}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <AccountCircleIcon />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={close} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        {person.email && (
          <Box component="li" role="group" sx={{ px: 2, py: 1, maxWidth: 320 }} aria-label={translate('console.frame.signedInAs')}>
            {person.name && (
              <Typography variant="subtitle2" component="p" noWrap>
                {person.name}
              </Typography>
            )}
            <Typography variant="body2" color="text.secondary" noWrap>
              {person.email}
            </Typography>
          </Box>
        )}
        {person.email && <Divider />}
        <ProfileMenuItem onClick={close} />
        <MenuItem
          onClick={() => {
            close();
            // Chosen by the person: the next sign-in (maybe someone else's) starts at the project list.
            logout({ chosenByUser: true }, undefined, false);
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('ra.auth.logout')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
