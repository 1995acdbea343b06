import { List, ListItem, ListItemText, ListSubheader, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Profile, TreeNode } from './profileCalls';

/** The user's countries grouped by region, regions named from the country tree (SPEC §2 view mode). */
export function ConnectedCountriesTree({ groups, countryTree }: { groups: Profile['connectedCountries']; countryTree?: TreeNode[] }) {
  const translate = useTranslate();
  const regionName = (code: string) => countryTree?.find((region) => region.key === code)?.label ?? code;
  if (groups.length === 0) return <Typography color="text.secondary">{translate('console.profile.connectedData.none')}</Typography>;
  return (
    <List dense disablePadding aria-label={translate('console.profile.connectedData.countries')} role="tree">
      {groups.map(({ groupCode, member }) => (
        <ListItem key={groupCode} disablePadding role="treeitem" aria-expanded sx={{ display: 'block' }}>
          <ListSubheader disableSticky component="div" sx={{ lineHeight: 2.5, px: 0 }}>
            {regionName(groupCode)}
          </ListSubheader>
          <List dense disablePadding role="group">
            {member.map(({ code, name }) => (
              <ListItem key={code} role="treeitem" sx={{ pl: 3, py: 0 }}>
                <ListItemText primary={name} />
              </ListItem>
            ))}
          </List>
        </ListItem>
      ))}
    </List>
  );
}
