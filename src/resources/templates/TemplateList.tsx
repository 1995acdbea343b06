import { DataTable, SelectInput } from 'react-admin';
import { ConsoleBulkDeleteButton } from '../ConsoleDeleteButton';
import { ConsoleDateField } from '../../components/ConsoleDateField';
import { ConsoleList } from '../ConsoleList';
import { ConsoleDataTable } from '../ConsoleDataTable';
import { ListActions } from '../ListActions';
import type { Template } from '../../shared';
import { ActiveFlagField } from '../../components/ActiveFlagField';
import { activeFlagChoices } from '../../components/activeFlagChoices';
import { DataTypeField } from './DataTypeField';
import { DataTypeInput } from './DataTypeInput';
import { PreviewThumbnail } from './PreviewThumbnail';
import { RecordLink } from '../RecordLink';
import { ConsoleSearchInput } from '../../components/ConsoleSearchInput';

const Column = DataTable.Col<Template>;

const templateFilters = [
  <ConsoleSearchInput key="q" source="q" alwaysOn />,
  // FilterButton names its menu entries by the source prop.
  <DataTypeInput key="dataType" source="dataType" />,
  <SelectInput key="status" source="status" choices={activeFlagChoices} />,
];

export function TemplateList() {
  return (
    <ConsoleList resource="templates" filters={templateFilters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={10} actions={<ListActions />}>
      <ConsoleDataTable rowClick="show" bulkActionButtons={<ConsoleBulkDeleteButton />}>
        <Column source="previews" label="resources.templates.fields.thumbnail" disableSort>
          <PreviewThumbnail />
        </Column>
        <Column source="name" field={RecordLink} />
        <Column source="dataType">
          <DataTypeField />
        </Column>
        <Column source="status">
          <ActiveFlagField source="status" />
        </Column>
        <Column source="createdAt">
          <ConsoleDateField source="createdAt" showTime />
        </Column>
      </ConsoleDataTable>
    </ConsoleList>
  );
}
