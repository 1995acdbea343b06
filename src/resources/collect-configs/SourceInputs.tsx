import { Box, Stack, Typography } from '@mui/material';
import { ArrayInput, NumberInput, RadioButtonGroupInput, ReferenceInput, SelectInput, SimpleFormIterator, TextInput, AutocompleteInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { PaginationType, SourceType } from '../../shared';
import { httpMethodChoices, paginationTypeChoices, responseFormatChoices } from './collectChoices';

/** Query parameters of the chosen pagination. */
function PaginationInputs() {
  const type = useWatch({ name: 'sourceMethod.pagination.type' }) as PaginationType | undefined;
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap>
      <SelectInput source="sourceMethod.pagination.type" choices={paginationTypeChoices} label="resources.collect-configs.fields.paginationType" />
      {type === 'PAGE' && (
        <>
          <TextInput source="sourceMethod.pagination.pageParam" label="resources.collect-configs.fields.pageParam" isRequired />
          <TextInput source="sourceMethod.pagination.sizeParam" label="resources.collect-configs.fields.sizeParam" />
          <NumberInput source="sourceMethod.pagination.pageSize" label="resources.collect-configs.fields.pageSize" min={1} />
        </>
      )}
      {type === 'CURSOR' && (
        <>
          <TextInput source="sourceMethod.pagination.cursorParam" label="resources.collect-configs.fields.cursorParam" isRequired />
          <TextInput source="sourceMethod.pagination.cursorPath" label="resources.collect-configs.fields.cursorPath" isRequired helperText="resources.collect-configs.helpers.cursorPath" />
        </>
      )}
      {type !== 'NONE' && type !== undefined && <NumberInput source="sourceMethod.pagination.maxPages" label="resources.collect-configs.fields.maxPages" min={1} />}
    </Stack>
  );
}

/** An API source: method, URL, headers, the market account whose secret is sent, response shape and paging. */
function ApiSourceInputs() {
  const translate = useTranslate();
  const [httpMethod, responseFormat] = useWatch({ name: ['sourceMethod.httpMethod', 'sourceMethod.responseFormat'] });
  return (
    <>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={{ width: '100%' }}>
        <SelectInput source="sourceMethod.httpMethod" choices={httpMethodChoices} label="resources.collect-configs.fields.httpMethod" sx={{ minWidth: 120, maxWidth: 160 }} />
        <TextInput source="sourceLocation" label="resources.collect-configs.fields.url" isRequired fullWidth helperText="resources.collect-configs.helpers.url" />
      </Stack>
      {httpMethod === 'POST' && <TextInput source="sourceMethod.body" label="resources.collect-configs.fields.body" multiline minRows={3} fullWidth />}
      <ArrayInput source="sourceMethod.headers" label="resources.collect-configs.fields.headers">
        <SimpleFormIterator inline disableReordering>
          <TextInput source="name" label="resources.collect-configs.fields.headerName" />
          <TextInput source="value" label="resources.collect-configs.fields.headerValue" sx={{ minWidth: 360 }} />
        </SimpleFormIterator>
      </ArrayInput>
      <Typography variant="subtitle2">{translate('resources.collect-configs.sections.secret')}</Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap>
        <ReferenceInput source="marketAccountId" reference="market-accounts" filter={{ activeFlag: 'Y' }}>
          <AutocompleteInput
            optionText={(account) => `${account.name} (${account.platform} ${account.accountId})`}
            filterToQuery={(q) => ({ q })}
            label="resources.collect-configs.fields.marketAccountId"
            sx={{ minWidth: 320 }}
          />
        </ReferenceInput>
        <TextInput source="keyName" label="resources.collect-configs.fields.keyName" helperText="resources.collect-configs.helpers.keyName" />
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap>
        <SelectInput source="sourceMethod.responseFormat" choices={responseFormatChoices} label="resources.collect-configs.fields.responseFormat" />
        {responseFormat !== 'CSV' && <TextInput source="sourceMethod.rowsPath" label="resources.collect-configs.fields.rowsPath" helperText="resources.collect-configs.helpers.rowsPath" />}
        <NumberInput source="sourceMethod.timeoutMs" label="resources.collect-configs.fields.timeoutMs" min={100} />
      </Stack>
      <PaginationInputs />
    </>
  );
}

/** A file source: a file name or `*` pattern under the inbox folder, and its format. */
function FileSourceInputs() {
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={{ width: '100%' }}>
      <TextInput source="sourceLocation" label="resources.collect-configs.fields.filePattern" isRequired helperText="resources.collect-configs.helpers.filePattern" sx={{ minWidth: 420 }} />
      <SelectInput source="sourceMethod.responseFormat" choices={responseFormatChoices} label="resources.collect-configs.fields.fileFormat" />
      <TextInput source="sourceMethod.rowsPath" label="resources.collect-configs.fields.rowsPath" helperText="resources.collect-configs.helpers.rowsPath" />
    </Stack>
  );
}

/** Where the rows come from; the inputs follow the source type. */
export function SourceInputs({ sourceTypeChoices }: { sourceTypeChoices: { id: string; name: string }[] }) {
  const sourceType = useWatch({ name: 'sourceType' }) as SourceType | undefined;
  return (
    <Box sx={{ width: '100%', display: 'flex', flexDirection: 'column', gap: 1 }}>
      <RadioButtonGroupInput source="sourceType" choices={sourceTypeChoices} />
      {sourceType === 'FILE' ? <FileSourceInputs /> : <ApiSourceInputs />}
    </Box>
  );
}
