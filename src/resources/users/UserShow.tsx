import { DataTable, FunctionField, NumberField, ReferenceManyField, Show, TabbedShowLayout, TabbedShowLayoutTabs, TextField, Pagination } from 'react-admin';
import { ConsoleDateField } from '../../components/ConsoleDateField';
import type { AdminDetail, PropertyKind } from '../../shared';
import { usePropertyName } from '../../components/usePropertyName';
import { CodeChip } from '../../components/CodeChip';
import { CODE_MESSAGES } from '../../shared/code-sets';
import { ConnectedGroupsField } from './ConnectedGroupsField';
import { ProjectListField } from './ProjectListField';
import { UserShowActions } from './UserShowActions';
import { AccountStateChip } from './AccountStateChip';
import { approvalColors } from './userChoices';
import { ConsoleDataTable } from '../ConsoleDataTable';

/** Every field of an admin's detail, the project list and the user's access history. */
export function UserShow() {
  const nameOf = usePropertyName();
  const codeAndName = (kind: PropertyKind, value: { code: string; name: string } | null) => (value ? `${nameOf(kind, value)} (${value.code})` : '');
  return (
    <Show actions={<UserShowActions />}>
      {/* Five tabs are wider than a phone: they scroll. */}
      <TabbedShowLayout tabs={<TabbedShowLayoutTabs variant="scrollable" scrollButtons="auto" />}>
        <TabbedShowLayout.Tab label="resources.users.sections.account">
          <TextField source="email" />
          <TextField source="name" />
          <CodeChip source="adminLevel" messages="resources.users.levels" colors={{}} label="resources.users.fields.adminLevel" />
          <CodeChip source="approvalStatusCode" messages="resources.users.approval" colors={approvalColors} label="resources.users.fields.approvalStatusCode" />
          <AccountStateChip source="statusCode" label="resources.users.fields.statusCode" />
          <CodeChip source="approverFlag" messages={CODE_MESSAGES.yesNo} colors={{}} label="resources.users.fields.approverFlag" />
          <CodeChip source="creatorFlag" messages={CODE_MESSAGES.yesNo} colors={{}} label="resources.users.fields.creatorFlag" />
          <CodeChip source="uploaderFlag" messages={CODE_MESSAGES.yesNo} colors={{}} label="resources.users.fields.uploaderFlag" />
          <TextField source="requestComment" emptyText="—" />
          <TextField source="rejectReason" emptyText="—" />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="resources.users.sections.organisation">
          <FunctionField<AdminDetail> source="region" render={(record) => codeAndName('regions', record.region)} />
          <FunctionField<AdminDetail> source="office" render={(record) => codeAndName('countries', record.office)} />
          <FunctionField<AdminDetail> source="company" render={(record) => codeAndName('companies', record.company)} />
          <ConnectedGroupsField source="connectedCountries" label="resources.users.fields.connectedCountries" />
          <ConnectedGroupsField source="connectedDataTypes" label="resources.users.fields.connectedDataTypes" />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="resources.users.sections.security">
          <ConsoleDateField source="lastSignInAt" showTime emptyText="—" />
          <ConsoleDateField source="createdAt" showTime />
          <ConsoleDateField source="passwordUpdatedAt" showTime emptyText="—" />
          <NumberField source="signInAttempt" />
          <ConsoleDateField source="lockedUntil" showTime emptyText="—" />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="resources.users.sections.projects">
          <ProjectListField label="resources.users.fields.projectList" />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="resources.users.sections.accessHistory">
          <ReferenceManyField reference="access-history" target="adminId" sort={{ field: 'occurredAt', order: 'DESC' }} perPage={10} pagination={<Pagination />} label={false}>
            <ConsoleDataTable bulkActionButtons={false}>
              <DataTable.Col source="occurredAt">
                <ConsoleDateField source="occurredAt" showTime />
              </DataTable.Col>
              <DataTable.Col source="eventType">
                <CodeChip source="eventType" messages="resources.access-history.events" colors={{}} />
              </DataTable.Col>
              <DataTable.Col source="success">
                <CodeChip source="success" messages="resources.access-history.results" colors={{ Y: 'success', N: 'error' }} />
              </DataTable.Col>
              <DataTable.Col source="sourceIp" />
            </ConsoleDataTable>
          </ReferenceManyField>
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  );
}
