import { TextArrayInput, TextInput } from 'react-admin';
import { ActiveFlagInput } from '../../components/ActiveFlagInput';
import { CodeInput } from '../../components/CodeInput';
import { SecretInput } from '../../components/SecretInput';

/** Inputs shared by the create and edit forms. */
export function MarketAccountInputs() {
  return (
    <>
      <TextInput source="platform" isRequired helperText="resources.market-accounts.helpers.platform" />
      <TextInput source="accountId" isRequired />
      <TextInput source="name" isRequired />
      <CodeInput kind="advertisers" source="advertiser" isRequired />
      <CodeInput kind="countries" source="country" isRequired />
      <SecretInput source="secret" label="resources.market-accounts.fields.secret" />
      <TextArrayInput source="allowedHosts" helperText="resources.market-accounts.helpers.allowedHosts" />
      <ActiveFlagInput source="activeFlag" label="resources.market-accounts.fields.activeFlag" />
    </>
  );
}
