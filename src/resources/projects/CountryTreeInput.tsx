import { Box, FormHelperText, FormLabel } from '@mui/material';
import { InputHelperText, useInput, useTranslate } from 'react-admin';
import { CountryChecklist } from '../../profile/CountryChecklist';
import type { TreeNode } from '../../shared';

/** The data filter's countries, picked from the region → country tree (the Dataset Connection checklist). */
export function CountryTreeInput({ countryTree }: { countryTree?: TreeNode[] }) {
  const translate = useTranslate();
  // A read project holds {regionCode, code, name}; the form and the API hold codes.
  const { field, fieldState } = useInput<string[]>({
    source: 'dataFilters.countries',
    format: (value: (string | { code: string })[] | undefined) => (value ?? []).map((country) => (typeof country === 'string' ? country : country.code)),
  });
  return (
    <Box sx={{ width: '100%', my: 1 }}>
      <FormLabel>{translate('resources.projects.fields.countries')}</FormLabel>
      <FormHelperText>{translate('resources.projects.helpers.countries')}</FormHelperText>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 0.5, mt: 0.5 }}>
        {countryTree && <CountryChecklist countryTree={countryTree} chosen={field.value ?? []} onChange={field.onChange} />}
      </Box>
      {fieldState.error && (
        <FormHelperText error>
          {/* A form-level validate hands react-hook-form {message, args}, not a string: react-admin's helper translates both. */}
          <InputHelperText error={fieldState.error.message} />
        </FormHelperText>
      )}
    </Box>
  );
}
