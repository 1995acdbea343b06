import { Grid, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Profile, PropertyKind } from '../shared';
import type { YesNo } from '../shared/fields';
import { usePropertyName } from '../components/usePropertyName';

/**
 * The read-only part of My Profile: users cannot edit their own details, so the fields
 * are label and text, without the box or underline that would invite typing.
 */
export function ProfileDetails({ profile, accountLevel }: { profile?: Profile; accountLevel: string }) {
  const translate = useTranslate();
  const nameOf = usePropertyName();
  /** A name with its code, in the reader's language. */
  const named = (kind: PropertyKind, code: string | null | undefined, name: string | null | undefined) => (code && name ? nameOf(kind, { code, name }) : name);
  const flag = (value?: YesNo) => (value ? translate(value === 'Y' ? 'ra.boolean.true' : 'ra.boolean.false') : '');
  const dataTypes = profile?.connectedDataTypes.map(({ groupName, member }) => `${groupName}: ${member.map((type) => nameOf('data-types', type)).join(', ')}`).join('\n');
  const fields: [name: string, value: string | null | undefined, width: number][] = [
    ['email', profile?.email, 12],
    ['name', profile && `${profile.firstName} ${profile.lastName}`, 6],
    ['accountLevel', accountLevel, 6],
    ['company', named('companies', profile?.companyCode, profile?.company), 4],
    ['region', named('regions', profile?.regionCode, profile?.region), 4],
    ['office', named('countries', profile?.officeCode, profile?.office), 4],
    ['dataTypes', dataTypes, 12],
    ['approval', flag(profile?.isApprover), 4],
    ['creator', flag(profile?.isCreator), 4],
    ['uploader', flag(profile?.isUploader), 4],
  ];
  return (
    <Grid container columnSpacing={2}>
      {fields.map(([name, value, width]) => (
        <Grid key={name} size={{ xs: 12, sm: width }}>
          <TextField
            name={name}
            label={translate(`console.profile.dialog.${name}`)}
            value={value ?? ''}
            multiline={name === 'dataTypes'}
            fullWidth
            variant="standard"
            margin="dense"
            slotProps={{ input: { readOnly: true, disableUnderline: true }, inputLabel: { shrink: true } }}
          />
        </Grid>
      ))}
    </Grid>
  );
}
