import { useState } from 'react';
import { Confirm, Edit, Labeled, RadioButtonGroupInput, SaveButton, SelectInput, SimpleForm, TextField, Toolbar, usePermissions, useRecordContext, useSaveContext } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { Stack } from '@mui/material';
import { userUpdateInput, type AdminDetail, type UserFormOptions } from '../../shared';
import type { ConsolePermissions } from '../../providers/authProvider';
import { inputOf, zodValidator } from '../zodForm';
import { CountryCodesInput } from './CountryCodesInput';
import { DataTypesInput } from './DataTypesInput';
import { authorityChoices, statusChoices, yesNoChoices } from './userChoices';
import { useUserFormOptions } from './useUserFormOptions';
import { useSaveNotice } from '../useSaveNotice';

/** Offices of the chosen region only. */
function OfficeInput({ options }: { options?: UserFormOptions }) {
  const regionCode = useWatch({ name: 'regionCode' });
  const offices = (options?.countries ?? []).filter((country) => country.regionCode === regionCode);
  return <SelectInput source="officeCode" choices={offices} optionValue="code" isRequired />;
}

/**
 * Accounts are deactivated, never deleted. Saving an edit that takes an active system-admin out of
 * the active system-admins (deactivated, or a lower level) asks first, naming them.
 */
function SaveOnlyToolbar() {
  const record = useRecordContext<AdminDetail>();
  const [authority, statusCode] = useWatch({ name: ['authority', 'statusCode'] }) as [string, string];
  const { handleSubmit } = useFormContext();
  const { save } = useSaveContext();
  const [open, setOpen] = useState(false);
  const removes = record?.authority === 'system-admin' && record.statusCode === 'ACTIVE' && (authority !== 'system-admin' || statusCode === 'INACTIVE');
  return (
    <Toolbar>
      <SaveButton
        type={removes ? 'button' : 'submit'}
        onClick={(event) => {
          if (!removes) return;
          event.preventDefault();
          setOpen(true);
        }}
      />
      <Confirm
        isOpen={open}
        title="resources.users.confirm.removeSystemAdminTitle"
        titleTranslateOptions={{ name: record?.name }}
        content="resources.users.confirm.removeSystemAdminContent"
        onConfirm={() => {
          setOpen(false);
          void handleSubmit((values) => save?.(values))();
        }}
        onClose={() => setOpen(false)}
      />
    </Toolbar>
  );
}

/** Level (never above the editor's own), flags, organisation, connections and status of another user. */
export function UserEdit() {
  const options = useUserFormOptions();
  const { permissions } = usePermissions<ConsolePermissions>();
  return (
    <Edit mutationMode="pessimistic" {...useSaveNotice('updated', 'show')} transform={inputOf(userUpdateInput)}>
      <SimpleForm validate={zodValidator(userUpdateInput)} toolbar={<SaveOnlyToolbar />}>
        <Labeled source="email">
          <TextField source="email" />
        </Labeled>
        <SelectInput source="authority" choices={authorityChoices(permissions?.rank ?? 99)} isRequired />
        <Stack direction="row" spacing={3} useFlexGap flexWrap="wrap">
          <RadioButtonGroupInput source="approverFlag" choices={yesNoChoices} row helperText={false} />
          <RadioButtonGroupInput source="creatorFlag" choices={yesNoChoices} row helperText={false} />
          <RadioButtonGroupInput source="uploaderFlag" choices={yesNoChoices} row helperText={false} />
        </Stack>
        <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap">
          <SelectInput source="regionCode" choices={options?.regions ?? []} optionValue="code" isRequired />
          <OfficeInput options={options} />
          <SelectInput source="companyCode" choices={options?.companies ?? []} optionValue="code" isRequired />
        </Stack>
        <CountryCodesInput options={options} />
        <DataTypesInput options={options} />
        <SelectInput source="statusCode" choices={statusChoices} isRequired />
      </SimpleForm>
    </Edit>
  );
}
