import { DataTable, SelectInput, TextInput } from 'react-admin';
import { ConsoleBulkDeleteButton } from '../ConsoleDeleteButton';
import { ConsoleDateField } from '../../components/ConsoleDateField';
import { ConsoleList } from '../ConsoleList';
import { ConsoleDataTable } from '../ConsoleDataTable';
import type { MarketAccount } from '../../shared';
import { ActiveFlagField } from '../../components/ActiveFlagField';
import { activeFlagChoices } from '../../components/activeFlagChoices';
import { CodeInput } from '../../components/CodeInput';
import { PropertyCodeField } from '../../components/PropertyCodeField';
import { ListActions } from '../ListActions';
import { SecretStateField } from '../../components/SecretStateField';
import { RecordLink } from '../RecordLink';
import { ConsoleSearchInput } from '../../components/ConsoleSearchInput';

const Column = DataTable.Col<MarketAccount>;

const marketAccountFilters = [
  <ConsoleSearchInput key="q" source="q" alwaysOn />,
  <TextInput key="platform" source="platform" />,
  <CodeInput key="advertiser" kind="advertisers" source="advertiser" />,
  <CodeInput key="country" kind="countries" source="country" />,
  <SelectInput key="activeFlag" source="activeFlag" choices={activeFlagChoices} />,
];

export function MarketAccountList() {
  return (
    <ConsoleList resource="market-accounts" filters={marketAccountFilters} sort={{ field: 'updatedAt', order: 'DESC' }} perPage={10} actions={<ListActions />}>
      <ConsoleDataTable rowClick="show" bulkActionButtons={<ConsoleBulkDeleteButton />}>
        <Column source="platform" />
        <Column source="accountId" />
        <Column source="name" field={RecordLink} />
        <Column source="advertiser">
          <PropertyCodeField kind="advertisers" source="advertiser" />
        </Column>
        <Column source="country">
          <PropertyCodeField kind="countries" source="country" />
        </Column>
        <Column source="secretSet" disableSort>
          <SecretStateField />
        </Column>
        <Column source="activeFlag">
          <ActiveFlagField />
        </Column>
        <Column source="updatedAt">
          <ConsoleDateField source="updatedAt" showTime />
        </Column>
      </ConsoleDataTable>
    </ConsoleList>
  );
}
