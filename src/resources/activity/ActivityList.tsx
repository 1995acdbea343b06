import { DataTable, FilterButton, SelectInput, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { ConsoleDateField } from '../../components/ConsoleDateField';
import { ConsoleDateTimeInput } from '../../components/ConsoleDateInput';
import { SignedExportButton } from '../../components/SignedExportButton';
import { useApiRead } from '../../components/useApi';
import { ACTIVITY_ACTIONS, activityResourceName, type ActivityEntry } from '../../shared/activity';
import { toIsoInstant } from '../../shared/date-time';
import { ConsoleDataTable } from '../ConsoleDataTable';
import { ConsoleList } from '../ConsoleList';
import { ActivityChangesField, ActivitySentenceField } from './ActivityWords';
import { RECORDED_RESOURCES, REVERT_RANKS } from './recordedResources';
import { RestoreButton } from './RestoreButton';
import { RevertButton } from './RevertButton';

const Column = DataTable.Col<ActivityEntry>;

/** The person filter: everyone who appears in the log, by name. */
function ActorInput(props: { source: string; alwaysOn?: boolean }) {
  const { data } = useApiRead(['activity', 'actors'], (api) => api.getActivityActors());
  return <SelectInput {...props} choices={data ?? []} />;
}

function ResourceInput(props: { source: string; alwaysOn?: boolean }) {
  const translate = useTranslate();
  const choices = RECORDED_RESOURCES.map((resource) => ({ id: resource, name: activityResourceName(resource, translate) }));
  return <SelectInput {...props} choices={choices.sort((a, b) => a.name.localeCompare(b.name))} />;
}

const actionChoices = ACTIVITY_ACTIONS.map((action) => ({ id: action, name: `console.activity.actions.${action}` }));

const filters = [
  <ActorInput key="actorId" source="actorId" alwaysOn />,
  <ResourceInput key="resource" source="resource" alwaysOn />,
  <SelectInput key="action" source="action" choices={actionChoices} alwaysOn />,
  <ConsoleDateTimeInput key="occurredFrom" source="occurredFrom" parse={toIsoInstant} filter />,
  <ConsoleDateTimeInput key="occurredTo" source="occurredTo" parse={toIsoInstant} filter />,
];

/** The entry's revert, where the person may put it back: a row's last cell, a phone card's last line. */
export function RevertCell() {
  const entry = useRecordContext<ActivityEntry>();
  return entry ? (
    <>
      <RevertButton entry={entry} writeRank={REVERT_RANKS.get(entry.resource)} />
      <RestoreButton entry={entry} />
    </>
  ) : null;
}

/** Newest first; each row says who did what to which record, and the fields before → after. */
export function ActivityList() {
  return (
    <ConsoleList
      resource="activity"
      filters={filters}
      sort={{ field: 'occurredAt', order: 'DESC' }}
      perPage={25}
      empty={false}
      actions={
        <TopToolbar>
          <FilterButton disableSaveQuery />
          <SignedExportButton exportRows={(api, filter) => api.exportActivity(filter)} />
        </TopToolbar>
      }
    >
      <ConsoleDataTable bulkActionButtons={false} rowClick={false}>
        <Column source="occurredAt">
          <ConsoleDateField source="occurredAt" showTime />
        </Column>
        <Column source="sentence" disableSort>
          <ActivitySentenceField />
        </Column>
        <Column source="changes" disableSort>
          <ActivityChangesField />
        </Column>
        <Column source="revert" disableSort>
          <RevertCell />
        </Column>
      </ConsoleDataTable>
    </ConsoleList>
  );
}
