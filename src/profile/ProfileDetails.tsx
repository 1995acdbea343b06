import { Grid, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Profile } from '../shared';
import type { YesNo } from '../shared/fields';

/**
 * The read-only part of My Profile: users cannot edit their own details (SPEC §6), so the fields
 * are label and text, without the box or underline that would invite typing.
 */
export function ProfileDetails({ profile, accountLevel }: { profile?: Profile; accountLevel: string }) {
  const translate = useTranslate();
  const flag = (value?: YesNo) => (value ? translate(value === 'Y' ? 'ra.boolean.true' : 'ra.boolean.false') : '');
  const dataTypes = profile?.connectedDataTypes.map(({ groupName, member }) => `${groupName}: ${member.map(({ name }) => name).join(', ')}`).join('\n');
  const fields: [name: string, value: string | null | undefined, width: number][] = [
    ['email', profile?.email, 12],
    ['name', profile && `${profile.firstName} ${profile.lastName}`, 6],
    ['accountLevel', accountLevel, 6],
    ['company', profile?.company, 4],
    ['region', profile?.region, 4],
    ['office', profile?.office, 4],
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
