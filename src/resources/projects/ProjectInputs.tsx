import { Stack } from '@mui/material';
import { ArrayInput, RadioButtonGroupInput, SelectInput, SimpleFormIterator, TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { ConsoleDateInput } from '../../components/ConsoleDateInput';
import { useConnectedDataOptions } from '../../profile/useConnectedDataOptions';
import { PROJECT_NAME_MAX } from '../../shared';
import { CountryTreeInput } from './CountryTreeInput';
import { dashboardTypeChoices, dataSourceChoices, dataTypeChoices, keywordModeChoices, operatorChoices, statusChoices } from './projectChoices';
import { ProjectFormSection } from './ProjectFormSection';
import { TemplatePicker } from './TemplatePicker';

const field = (name: string) => `resources.projects.fields.${name}`;

/** The inputs of the one project form, shared by create and modify. */
export function ProjectInputs() {
  const options = useConnectedDataOptions();
  const dashboardType = useWatch({ name: 'dashboardType' });
  return (
    <>
      <ProjectFormSection title="resources.projects.sections.basics">
        <TextInput source="name" isRequired fullWidth slotProps={{ htmlInput: { maxLength: PROJECT_NAME_MAX + 20 } }} />
        <TextInput source="description" multiline minRows={2} fullWidth />
        <Stack direction={{ xs: 'column', md: 'row' }} columnGap={2} sx={{ width: '100%' }}>
          <SelectInput source="status" choices={statusChoices} isRequired sx={{ minWidth: 180 }} />
          <SelectInput source="dataType" choices={dataTypeChoices} isRequired sx={{ minWidth: 180 }} />
          <SelectInput source="dataSource" choices={dataSourceChoices} isRequired sx={{ minWidth: 180 }} />
          <ConsoleDateInput source="startAt" isRequired />
          <ConsoleDateInput source="endAt" isRequired />
        </Stack>
      </ProjectFormSection>

      <ProjectFormSection title="resources.projects.sections.dashboard">
        <RadioButtonGroupInput source="dashboardType" choices={dashboardTypeChoices} />
        {dashboardType === 'CUSTOM' ? <TextInput source="dashboardUrl" fullWidth helperText="resources.projects.helpers.dashboardUrl" /> : <TemplatePicker />}
      </ProjectFormSection>

      <ProjectFormSection title="resources.projects.sections.dataFilters">
        <SelectInput source="advertiser" choices={options?.advertisers ?? []} optionValue="code" isRequired isPending={!options} sx={{ minWidth: 260 }} />
        <CountryTreeInput countryTree={options?.countryTree} />
        <ArrayInput source="dataFilters.keywordFilters" label={field('keywordFilters')}>
          <SimpleFormIterator inline disableReordering>
            <TextInput source="keyword" defaultValue="" label={field('keyword')} />
            <SelectInput source="mode" label={field('mode')} choices={keywordModeChoices} defaultValue="INCLUDE" />
          </SimpleFormIterator>
        </ArrayInput>
        <ArrayInput source="dataFilters.conditionFilters" label={field('conditionFilters')}>
          <SimpleFormIterator inline disableReordering>
            <TextInput source="field" defaultValue="" label={field('field')} />
            <SelectInput source="operator" label={field('operator')} choices={operatorChoices} defaultValue="EQ" />
            <TextInput source="value" defaultValue="" label={field('value')} />
          </SimpleFormIterator>
        </ArrayInput>
      </ProjectFormSection>
    </>
  );
}
