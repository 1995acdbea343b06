import { Show, SimpleShowLayout, TextArrayField, TextField, useTranslate } from 'react-admin';
import { ConsoleDateField } from '../../components/ConsoleDateField';
import { ActiveFlagField } from '../../components/ActiveFlagField';
import { SecretStateField } from '../../components/SecretStateField';
import { PropertyCodeField } from '../../components/PropertyCodeField';

export function MarketAccountShow() {
  const translate = useTranslate();
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="platform" />
        <TextField source="accountId" />
        <TextField source="name" />
        <PropertyCodeField kind="advertisers" source="advertiser" />
        <PropertyCodeField kind="countries" source="country" />
        <SecretStateField label="resources.market-accounts.fields.secretSet" />
        <TextArrayField source="allowedHosts" emptyText={translate('resources.market-accounts.noHosts')} />
        <ActiveFlagField label="resources.market-accounts.fields.activeFlag" />
        <ConsoleDateField source="createdAt" showTime />
        <ConsoleDateField source="updatedAt" showTime />
      </SimpleShowLayout>
    </Show>
  );
}
