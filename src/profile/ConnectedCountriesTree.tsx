import { useId } from 'react';
import { List, ListItem, ListItemText, ListSubheader, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Profile } from '../shared';
import { usePropertyName } from '../components/usePropertyName';

/**
 * The user's countries grouped by region, each named in the reader's language.
 * A list of regions, each with a list of its countries named by the region: nothing to expand or
 * choose, so no tree role (which would promise arrow-key navigation).
 */
export function ConnectedCountriesTree({ groups }: { groups: Profile['connectedCountries'] }) {
  const translate = useTranslate();
  if (groups.length === 0) return <Typography color="text.secondary">{translate('console.profile.connectedData.none')}</Typography>;
  return (
    <List dense disablePadding aria-label={translate('console.profile.connectedData.countries')}>
      {groups.map(({ groupCode, groupName, member }) => (
        <RegionItem key={groupCode} code={groupCode} name={groupName} countries={member} />
      ))}
    </List>
  );
}

function RegionItem({ code, name, countries }: { code: string; name: string; countries: Profile['connectedCountries'][number]['member'] }) {
  const headingId = useId();
  const nameOf = usePropertyName();
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <ListSubheader id={headingId} disableSticky component="div" sx={{ lineHeight: 2.5, px: 0 }}>
        {nameOf('regions', { code, name })}
      </ListSubheader>
      <List dense disablePadding aria-labelledby={headingId}>
        {countries.map(({ code, name: country }) => (
          <ListItem key={code} sx={{ pl: 3, py: 0 }}>
            <ListItemText primary={nameOf('countries', { code, name: country })} />
          </ListItem>
        ))}
      </List>
    </ListItem>
  );
}
