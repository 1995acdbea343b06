import { Divider, Stack, Typography } from '@mui/material';
import { ArrayInput, SelectInput, SimpleFormIterator, TextInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { MASTER_FIELD_TYPES, TARGET_DATA_KEYS, TARGET_METHODS, type TargetMethod } from '../../shared';
import { CodeInput } from '../../components/CodeInput';
import { codeChoices } from '../../components/codeChoices';
import { SecretInput } from '../../components/SecretInput';
import { FlagSwitch } from '../../components/FlagSwitch';

const targetMethodChoices = codeChoices('targetMethod', TARGET_METHODS);
const fieldTypeChoices = codeChoices('masterFieldType', MASTER_FIELD_TYPES);

function Section({ title }: { title: string }) {
  const translate = useTranslate();
  return (
    <>
      <Divider flexItem sx={{ mt: 2 }} />
      <Typography variant="h6" component="h2" sx={{ fontSize: '1rem' }}>
        {translate(`resources.post-configs.sections.${title}`)}
      </Typography>
    </>
  );
}

/** Where and how the target is reached: location, the connection settings its method needs, and the secret. */
function TargetInputs() {
  const method = useWatch({ name: 'targetMethod' }) as TargetMethod | undefined;
  const keys = method ? TARGET_DATA_KEYS[method] : undefined;
  const backupFlag = useWatch({ name: 'backupFlag' });
  return (
    <>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap alignItems="flex-start">
        <SelectInput source="targetMethod" choices={targetMethodChoices} isRequired sx={{ minWidth: 200 }} />
        <TextInput source="targetLocation" isRequired helperText={method ? `resources.post-configs.helpers.location_${method}` : false} sx={{ minWidth: { sm: 420 } }} />
      </Stack>
      {keys && keys.required.length + keys.optional.length > 0 && (
        <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap">
          {[...keys.required, ...keys.optional].map((key) => (
            <TextInput
              key={`${method}-${key}`}
              source={`targetData.${key}`}
              label={`resources.post-configs.targetData.${key}`}
              isRequired={keys.required.includes(key)}
              helperText={false}
              fullWidth={false}
              sx={{ width: 280 }}
            />
          ))}
        </Stack>
      )}
      {method && method !== 'LOCAL' && <SecretInput source="targetSecret" label={`resources.post-configs.secrets.${method}`} />}
      <FlagSwitch source="backupFlag" label="resources.post-configs.fields.backupFlag" />
      {backupFlag === 'Y' && <TextInput source="backupLocation" isRequired helperText="resources.post-configs.helpers.backupLocation" sx={{ minWidth: { sm: 420 } }} />}
    </>
  );
}

/** Inputs shared by the create and edit forms. */
export function PostConfigInputs() {
  return (
    <>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap alignItems="flex-start">
        <CodeInput kind="data-types" source="dataType" isRequired />
        <TextInput source="targetType" isRequired helperText="resources.post-configs.helpers.targetType" />
      </Stack>
      <FlagSwitch source="inUse" defaultValue="Y" label="resources.post-configs.fields.inUse" />
      <Section title="target" />
      <TargetInputs />
      <Section title="headers" />
      <ArrayInput source="headers" label={false} helperText="resources.post-configs.helpers.headers">
        <SimpleFormIterator inline getItemLabel={(index) => `${index + 1}.`}>
          <TextInput source="code" defaultValue="" label="resources.post-configs.fields.headerCode" helperText={false} />
          <SelectInput source="type" defaultValue="STRING" choices={fieldTypeChoices} label="resources.post-configs.fields.headerType" helperText={false} sx={{ minWidth: 120 }} />
          <FlagSwitch source="inUse" defaultValue="Y" label="resources.post-configs.fields.headerInUse" />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}
