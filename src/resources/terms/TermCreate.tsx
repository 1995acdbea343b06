import { Typography } from '@mui/material';
import { Create, SimpleForm, useTranslate } from 'react-admin';
import { termCreateInput } from '../../shared';
import { TermInputs } from './TermInputs';
import { TermVersionInputs } from './TermVersionInputs';
import { openedNow, versionPayload, versionValidator } from './termVersionForm';
import { useSaveNotice } from '../useSaveNotice';

const payload = versionPayload(Object.keys(termCreateInput.shape));
const validate = versionValidator(termCreateInput);

/** A term with its first version, shown afterwards so more versions can be published. */
export function TermCreate() {
  const translate = useTranslate();
  return (
    <Create {...useSaveNotice('created', 'show')} transform={payload}>
      <SimpleForm validate={validate} defaultValues={{ type: 'REQUIRED', activeFlag: 'Y', termsVersion: '1.0', ...openedNow() }}>
        <TermInputs />
        <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
          {translate('resources.terms.sections.firstVersion')}
        </Typography>
        <TermVersionInputs />
      </SimpleForm>
    </Create>
  );
}
