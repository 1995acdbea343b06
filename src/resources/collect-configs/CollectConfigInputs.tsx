import { Divider, Stack, Typography } from '@mui/material';
import { TextInput, useTranslate } from 'react-admin';
import { CodeInput } from '../../components/CodeInput';
import { recipientsFormat } from './collectConfigForm';
import { sourceTypeChoices } from './collectChoices';
import { FieldMappingInput } from './FieldMappingInput';
import { FlagSwitch } from '../../components/FlagSwitch';
import { ScheduleInputs } from './ScheduleInputs';
import { SourceInputs } from './SourceInputs';
import { TestSourceButton } from './TestSourceButton';

function Section({ title }: { title: string }) {
  const translate = useTranslate();
  return (
    <>
      <Divider flexItem sx={{ mt: 2 }} />
      <Typography variant="h6" component="h2" sx={{ fontSize: '1rem' }}>
        {translate(`resources.collect-configs.sections.${title}`)}
      </Typography>
    </>
  );
}

/** Inputs shared by the create and edit forms: what is collected, from where, how it maps, when it runs, who hears of failures. */
export function CollectConfigInputs() {
  return (
    <>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap alignItems="flex-start">
        <TextInput source="metricName" isRequired sx={{ minWidth: 280 }} />
        <CodeInput kind="advertisers" source="advertiser" isRequired />
        <CodeInput kind="data-types" source="dataType" isRequired />
        <TextInput source="sourceName" helperText="resources.collect-configs.helpers.sourceName" />
      </Stack>
      <FlagSwitch source="inUse" defaultValue="Y" label="resources.collect-configs.fields.inUse" />
      <Section title="source" />
      <SourceInputs sourceTypeChoices={sourceTypeChoices} />
      <TestSourceButton />
      <Section title="fields" />
      <FieldMappingInput />
      <Section title="schedules" />
      <ScheduleInputs />
      <Section title="alerts" />
      <TextInput source="alertRecipients" format={recipientsFormat} parse={(text: string) => text} helperText="resources.collect-configs.helpers.alertRecipients" fullWidth />
    </>
  );
}
