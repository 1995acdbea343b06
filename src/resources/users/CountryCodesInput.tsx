import { useState } from 'react';
import PublicIcon from '@mui/icons-material/Public';
import { Box, Chip, FormHelperText, FormLabel, Stack } from '@mui/material';
import { Button, InputHelperText, useInput, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { ConnectedDataDialog, type DatasetConnection } from '../../profile/ConnectedDataDialog';
import type { UserFormOptions } from '../../shared';

/**
 * The connected countries, chosen in the Dataset Connection dialog (edit mode). The advertiser
 * chosen there is added as a data-type row to complete when the user has none for it yet.
 */
export function CountryCodesInput({ options }: { options?: UserFormOptions }) {
  const translate = useTranslate();
  const { field, fieldState } = useInput<string[]>({ source: 'countryCodes' });
  const { getValues, setValue } = useFormContext();
  const [open, setOpen] = useState(false);
  const codes: string[] = field.value ?? [];
  const nameOf = (code: string) => options?.countries.find((country) => country.code === code)?.name ?? code;

  const connect = ({ countries, advertiser }: DatasetConnection) => {
    field.onChange(countries);
    const pairs: { advertiserCode: string }[] = getValues('dataTypes') ?? [];
    if (advertiser && !pairs.some((pair) => pair.advertiserCode === advertiser)) {
      setValue('dataTypes', [...pairs, { advertiserCode: advertiser, dataTypeCode: '' }], { shouldDirty: true });
    }
    setOpen(false);
  };

  return (
    <Box sx={{ my: 1, width: '100%' }}>
      <FormLabel component="legend">{translate('resources.users.fields.countryCodes')}</FormLabel>
      <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap" sx={{ my: 1 }} role="group" aria-label={translate('resources.users.fields.countryCodes')}>
        {codes.map((code) => (
          <Chip key={code} size="small" label={nameOf(code)} onDelete={() => field.onChange(codes.filter((other) => other !== code))} />
        ))}
      </Stack>
      <Button label="resources.users.actions.chooseCountries" variant="outlined" onClick={() => setOpen(true)}>
        <PublicIcon />
      </Button>
      {fieldState.error && (
        <FormHelperText error>
          {/* A form-level validate hands react-hook-form {message, args}, not a string: react-admin's helper translates both. */}
          <InputHelperText error={fieldState.error.message} />
        </FormHelperText>
      )}
      {open && <ConnectedDataDialog mode="edit" initialCountries={codes} onConnect={connect} onClose={() => setOpen(false)} />}
    </Box>
  );
}
