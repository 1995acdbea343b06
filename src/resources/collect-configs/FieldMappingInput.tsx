import { ArrayInput, SelectInput, SimpleFormIterator, TextInput } from 'react-admin';
import { FlagSwitch } from '../../components/FlagSwitch';
import { fieldTypeChoices } from './collectChoices';

/** The field list: each source field, the master field it fills, its type, and the required / key flags. */
export function FieldMappingInput() {
  return (
    <ArrayInput source="fields" label={false} helperText="resources.collect-configs.helpers.fields">
      <SimpleFormIterator inline>
        <TextInput source="field" defaultValue="" label="resources.collect-configs.fields.sourceField" helperText={false} />
        <TextInput source="code" defaultValue="" label="resources.collect-configs.fields.masterCode" helperText={false} />
        <SelectInput source="type" defaultValue="STRING" choices={fieldTypeChoices} label="resources.collect-configs.fields.fieldType" helperText={false} sx={{ minWidth: 120 }} />
        <FlagSwitch source="fieldFlag" label="resources.collect-configs.fields.fieldFlag" />
        <FlagSwitch source="masterFlag" label="resources.collect-configs.fields.masterFlag" />
      </SimpleFormIterator>
    </ArrayInput>
  );
}
