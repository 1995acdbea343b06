import { Alert } from '@mui/material';
import { ArrayField, DataTable, EditButton, FunctionField, ReferenceField, Show, SimpleShowLayout, TextField, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { ConsoleDateField, formatConsoleDate } from '../../components/ConsoleDateField';
import type { CollectConfig, CollectField, CollectSchedule } from '../../shared';
import { ActiveFlagField } from '../../components/ActiveFlagField';
import { CodeField } from '../../components/CodeField';
import { PropertyCodeField } from '../../components/PropertyCodeField';
import { codeMessageKey } from '../../shared/code-sets';
import { LastTaskState } from '../tasks/TaskRunStatus';
import { BackfillButton } from './BackfillButton';
import { ResumeButton } from './ResumeButton';
import { RunNowButton } from './RunNowButton';
import { ConsoleDataTable } from '../ConsoleDataTable';

function CollectConfigShowActions() {
  return (
    <TopToolbar>
      <RunNowButton />
      <BackfillButton />
      <ResumeButton />
      <EditButton />
    </TopToolbar>
  );
}

/** A suspended config says so at the top, with the way to resume it. */
function SuspendedBanner() {
  const config = useRecordContext<CollectConfig>();
  const translate = useTranslate();
  if (!config || config.suspended !== 'Y') return null;
  return (
    <Alert severity="warning" action={<ResumeButton />} sx={{ mb: 1 }} data-testid="suspended-banner">
      {translate('resources.collect-configs.messages.suspendedBanner', { count: config.failureStreak, at: formatConsoleDate(config.suspendedAt, true) })}
    </Alert>
  );
}

/** How the source is read, in words: method, format and paging for an API, the format for a file. */
function SourceMethodWords({ config }: { config: CollectConfig }) {
  const translate = useTranslate();
  const { httpMethod, responseFormat, pagination } = config.sourceMethod;
  const parts =
    config.sourceType === 'API'
      ? [codeMessageKey('httpMethod', httpMethod), codeMessageKey('responseFormat', responseFormat), codeMessageKey('paginationType', pagination.type)]
      : [codeMessageKey('responseFormat', responseFormat)];
  return <>{parts.map((key) => translate(key)).join(' · ')}</>;
}

const FieldColumn = DataTable.Col<CollectField>;
const ScheduleColumn = DataTable.Col<CollectSchedule>;

export function CollectConfigShow() {
  return (
    <Show<CollectConfig> actions={<CollectConfigShowActions />}>
      <SimpleShowLayout>
        <SuspendedBanner />
        <TextField source="metricName" />
        <PropertyCodeField kind="advertisers" source="advertiser" />
        <PropertyCodeField kind="data-types" source="dataType" />
        <CodeField set="sourceType" source="sourceType" />
        <TextField source="sourceName" emptyText="—" />
        <TextField source="sourceLocation" label="resources.collect-configs.fields.sourceLocation" />
        <FunctionField<CollectConfig> label="resources.collect-configs.fields.sourceMethod" render={(config) => <SourceMethodWords config={config} />} />
        <ReferenceField source="marketAccountId" reference="market-accounts" emptyText="—" link="show" />
        <TextField source="keyName" emptyText="—" />
        <ArrayField source="fields">
          <ConsoleDataTable bulkActionButtons={false} sx={{ maxWidth: 900 }}>
            <FieldColumn source="field" label="resources.collect-configs.fields.sourceField" />
            <FieldColumn source="code" label="resources.collect-configs.fields.masterCode" />
            <FieldColumn source="type" label="resources.collect-configs.fields.fieldType">
              <CodeField set="masterFieldType" source="type" />
            </FieldColumn>
            <FieldColumn source="fieldFlag" label="resources.collect-configs.fields.fieldFlag">
              <CodeField set="yesNo" source="fieldFlag" />
            </FieldColumn>
            <FieldColumn source="masterFlag" label="resources.collect-configs.fields.masterFlag">
              <CodeField set="yesNo" source="masterFlag" />
            </FieldColumn>
          </ConsoleDataTable>
        </ArrayField>
        <ArrayField source="schedules">
          <ConsoleDataTable bulkActionButtons={false} sx={{ maxWidth: 1100 }} empty={<EmptySchedules />}>
            <ScheduleColumn source="scheduleType" label="resources.collect-configs.fields.scheduleType">
              <CodeField set="scheduleType" source="scheduleType" />
            </ScheduleColumn>
            <ScheduleColumn source="scheduledTime" label="resources.collect-configs.fields.scheduledTime" />
            <ScheduleColumn source="scheduledDay" label="resources.collect-configs.fields.scheduledDay">
              <CodeField set="weekDay" source="scheduledDay" />
            </ScheduleColumn>
            <ScheduleColumn source="timeZone" label="resources.collect-configs.fields.timeZone" />
            <ScheduleColumn source="startAt" label="resources.collect-configs.fields.startAt">
              <ConsoleDateField source="startAt" />
            </ScheduleColumn>
            <ScheduleColumn source="endAt" label="resources.collect-configs.fields.endAt">
              <ConsoleDateField source="endAt" />
            </ScheduleColumn>
            <ScheduleColumn source="inUse" label="resources.collect-configs.fields.scheduleInUse">
              <ActiveFlagField source="inUse" />
            </ScheduleColumn>
            <ScheduleColumn source="nextRunAt" label="resources.collect-configs.fields.nextRunAt">
              <ConsoleDateField source="nextRunAt" showTime emptyText="—" />
            </ScheduleColumn>
          </ConsoleDataTable>
        </ArrayField>
        <FunctionField<CollectConfig> source="alertRecipients" render={(config) => config.alertRecipients.join(', ') || '—'} />
        <ActiveFlagField source="inUse" label="resources.collect-configs.fields.inUse" />
        <LastTaskState label="resources.collect-configs.fields.lastTaskStatus" />
        <ConsoleDateField source="nextRunAt" showTime emptyText="—" />
        <ConsoleDateField source="updatedAt" showTime />
      </SimpleShowLayout>
    </Show>
  );
}

function EmptySchedules() {
  const translate = useTranslate();
  return <Alert severity="info">{translate('resources.collect-configs.messages.noSchedules')}</Alert>;
}
