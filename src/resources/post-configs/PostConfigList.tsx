import { DataTable, SelectInput } from 'react-admin';
import { ConsoleBulkDeleteButton } from '../ConsoleDeleteButton';
import { ConsoleDateField } from '../../components/ConsoleDateField';
import { ConsoleList } from '../ConsoleList';
import { ConsoleDataTable } from '../ConsoleDataTable';
import { TARGET_METHODS, type PostConfig } from '../../shared';
import { ActiveFlagField } from '../../components/ActiveFlagField';
import { CodeField } from '../../components/CodeField';
import { codeChoices } from '../../components/codeChoices';
import { CodeInput } from '../../components/CodeInput';
import { PropertyCodeField } from '../../components/PropertyCodeField';
import { activeFlagChoices } from '../../components/activeFlagChoices';
import { SecretStateField } from '../../components/SecretStateField';
import { ListActions } from '../ListActions';
import { RecordLink } from '../RecordLink';
import { ConsoleSearchInput } from '../../components/ConsoleSearchInput';

const Column = DataTable.Col<PostConfig>;

const targetMethodChoices = codeChoices('targetMethod', TARGET_METHODS);

const postConfigFilters = [
  <ConsoleSearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="targetMethod" source="targetMethod" choices={targetMethodChoices} />,
  <CodeInput key="dataType" kind="data-types" source="dataType" />,
  <SelectInput key="inUse" source="inUse" choices={activeFlagChoices} />,
];

/** The config opens from its data type, read by name. */
const DataTypeLink = () => (
  <RecordLink>
    <PropertyCodeField kind="data-types" source="dataType" />
  </RecordLink>
);

export function PostConfigList() {
  return (
    <ConsoleList resource="post-configs" filters={postConfigFilters} sort={{ field: 'updatedAt', order: 'DESC' }} perPage={10} actions={<ListActions />}>
      <ConsoleDataTable rowClick="show" bulkActionButtons={<ConsoleBulkDeleteButton />}>
        <Column source="dataType" field={DataTypeLink} />
        <Column source="targetType" />
        <Column source="targetMethod">
          <CodeField set="targetMethod" source="targetMethod" />
        </Column>
        <Column source="targetLocation" disableSort />
        <Column source="headers" disableSort render={(config) => config.headers.filter((header) => header.inUse === 'Y').length} />
        <Column source="secretSet" disableSort>
          <SecretStateField />
        </Column>
        <Column source="inUse">
          <ActiveFlagField source="inUse" />
        </Column>
        <Column source="updatedAt">
          <ConsoleDateField source="updatedAt" showTime />
        </Column>
      </ConsoleDataTable>
    </ConsoleList>
  );
}
