import { ArrayField, DataTable, EditButton, FunctionField, Show, SimpleShowLayout, TextField, TopToolbar, useTranslate } from 'react-admin';
import { ConsoleDateField } from '../../components/ConsoleDateField';
import type { PostConfig, PostHeader } from '../../shared';
import { ActiveFlagField } from '../../components/ActiveFlagField';
import { CodeField } from '../../components/CodeField';
import { PropertyCodeField } from '../../components/PropertyCodeField';
import { SecretStateField } from '../../components/SecretStateField';
import { TestConnectionButton } from './TestConnectionButton';
import { ConsoleDataTable } from '../ConsoleDataTable';

const HeaderColumn = DataTable.Col<PostHeader>;

function PostConfigShowActions() {
  return (
    <TopToolbar>
      <TestConnectionButton />
      <EditButton />
    </TopToolbar>
  );
}

function YesNo({ flag }: { flag: PostConfig['inUse'] }) {
  const translate = useTranslate();
  return <>{translate(flag === 'Y' ? 'ra.boolean.true' : 'ra.boolean.false')}</>;
}

export function PostConfigShow() {
  return (
    <Show<PostConfig> actions={<PostConfigShowActions />}>
      <SimpleShowLayout>
        <PropertyCodeField kind="data-types" source="dataType" />
        <TextField source="targetType" />
        <CodeField set="targetMethod" source="targetMethod" />
        <TextField source="targetLocation" />
        <FunctionField<PostConfig>
          source="targetData"
          render={(config) =>
            Object.entries(config.targetData)
              .map(([key, value]) => `${key}: ${value}`)
              .join(' · ') || '—'
          }
        />
        <SecretStateField label="resources.post-configs.fields.secretSet" />
        <FunctionField<PostConfig> source="backupFlag" render={(config) => <YesNo flag={config.backupFlag} />} />
        <TextField source="backupLocation" emptyText="—" />
        <ArrayField source="headers">
          <ConsoleDataTable bulkActionButtons={false} sx={{ maxWidth: 700 }}>
            <HeaderColumn source="order" label="resources.post-configs.fields.headerOrder" />
            <HeaderColumn source="code" label="resources.post-configs.fields.headerCode" />
            <HeaderColumn source="type" label="resources.post-configs.fields.headerType">
              <CodeField set="masterFieldType" source="type" />
            </HeaderColumn>
            <HeaderColumn source="inUse" label="resources.post-configs.fields.headerInUse">
              <ActiveFlagField source="inUse" />
            </HeaderColumn>
          </ConsoleDataTable>
        </ArrayField>
        <ActiveFlagField source="inUse" label="resources.post-configs.fields.inUse" />
        <ConsoleDateField source="createdAt" showTime />
        <ConsoleDateField source="updatedAt" showTime />
      </SimpleShowLayout>
    </Show>
  );
}
