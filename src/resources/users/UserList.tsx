import type { SxProps } from '@mui/material';
import { DataTable, FilterButton, SelectInput, TopToolbar } from 'react-admin';
import { ListExportButton } from '../listExport';
import { ConsoleDateField } from '../../components/ConsoleDateField';
import { ConsoleList } from '../ConsoleList';
import { ConsoleDataTable } from '../ConsoleDataTable';
import type { AdminUser } from '../../shared';
import { BulkApproveButton } from './BulkApproveButton';
import { CodeChip } from '../../components/CodeChip';
import { CodeField } from '../../components/CodeField';
import { PendingToggle } from './PendingToggle';
import { AccountStateChip } from './AccountStateChip';
import { approvalChoices, approvalColors, levelChoices, statusChoices, yesNoChoices } from './userChoices';
import { useUserFormOptions } from './useUserFormOptions';
import { RecordLink } from '../RecordLink';
import { ConsoleSearchInput } from '../../components/ConsoleSearchInput';

const Column = DataTable.Col<AdminUser>;

/** Pending sign-ups get a tinted row with a warning-coloured edge. */
const pendingRowSx = (record: AdminUser): SxProps =>
  record.approvalStatusCode === 'PENDING' ? { bgcolor: 'action.hover', '& td:first-of-type': { borderLeft: '4px solid', borderLeftColor: 'warning.main' } } : {};

/** Shown from the Columns button: without them Approval and Last sign-in fit a laptop's screen. */
const lessUsedColumns = ['company', 'region', 'approverFlag'];

function UserListActions() {
  return (
    <TopToolbar sx={{ width: '100%' }}>
      <PendingToggle />
      <FilterButton disableSaveQuery />
      <ListExportButton />
    </TopToolbar>
  );
}

/** Users (User Management): scoped by the server to the accounts the signed-in manager may see. */
export function UserList() {
  const options = useUserFormOptions();
  const filters = [
    <ConsoleSearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="approvalStatusCode" source="approvalStatusCode" choices={approvalChoices} alwaysOn />,
    <SelectInput key="statusCode" source="statusCode" choices={statusChoices} alwaysOn />,
    <SelectInput key="adminLevel" source="adminLevel" choices={levelChoices} />,
    <SelectInput key="region" source="region" choices={options?.regions ?? []} optionValue="code" />,
    <SelectInput key="country" source="country" choices={options?.countries ?? []} optionValue="code" />,
    <SelectInput key="approverFlag" source="approverFlag" choices={yesNoChoices} />,
    <SelectInput key="locked" source="locked" choices={yesNoChoices} />,
  ];
  return (
    <ConsoleList resource="users" filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} perPage={10} actions={<UserListActions />}>
      <ConsoleDataTable rowClick="show" bulkActionButtons={<BulkApproveButton />} rowSx={pendingRowSx} hiddenColumns={lessUsedColumns}>
        <Column source="email" field={RecordLink} />
        <Column source="name" />
        <Column source="company" />
        <Column source="region" />
        <Column source="country" />
        <Column source="adminLevel">
          <CodeChip source="adminLevel" messages="resources.users.levels" colors={{}} />
        </Column>
        <Column source="approverFlag">
          <CodeField set="yesNo" source="approverFlag" />
        </Column>
        <Column source="statusCode">
          <AccountStateChip />
        </Column>
        <Column source="approvalStatusCode">
          <CodeChip source="approvalStatusCode" messages="resources.users.approval" colors={approvalColors} />
        </Column>
        <Column source="lastLoginAt">
          <ConsoleDateField source="lastLoginAt" showTime />
        </Column>
      </ConsoleDataTable>
    </ConsoleList>
  );
}
