import { DateField, Show, SimpleShowLayout, TextField } from 'react-admin';
import { ActiveFlagField } from '../../components/ActiveFlagField';
import { SecretStateField } from '../../components/SecretStateField';

export function MarketAccountShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="platform" />
        <TextField source="accountId" />
        <TextField source="name" />
        <TextField source="advertiser" />
        <TextField source="country" />
        <SecretStateField label="resources.market-accounts.fields.secretSet" />
        <ActiveFlagField label="resources.market-accounts.fields.activeFlag" />
        <DateField source="createdAt" showTime />
        <DateField source="updatedAt" showTime />
      </SimpleShowLayout>
    </Show>
  );
}
