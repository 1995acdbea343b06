import DownloadIcon from '@mui/icons-material/Download';
import { Button, DataTable, FilterButton, SelectInput, TopToolbar, useListContext, useTranslate } from 'react-admin';
import { ConsoleDateField } from '../../components/ConsoleDateField';
import { ConsoleDateTimeInput } from '../../components/ConsoleDateInput';
import { useApiRead, useApiWrite } from '../../components/useApi';
import { ACTIVITY_ACTIONS, ACTIVITY_RESOURCES, activityResourceName, type ActivityEntry } from '../../shared/activity';
import { toIsoInstant } from '../../shared/date-time';
import { ConsoleDataTable } from '../ConsoleDataTable';
import { ConsoleList } from '../ConsoleList';
import { ActivityChangesField, ActivitySentenceField } from './ActivityWords';

const Column = DataTable.Col<ActivityEntry>;

/** The person filter: everyone who appears in the log, by name. */
function ActorInput(props: { source: string; alwaysOn?: boolean }) {
  const { data } = useApiRead(['activity', 'actors'], (api) => api.getActivityActors());
  return <SelectInput {...props} choices={data ?? []} />;
}

function ResourceInput(props: { source: string; alwaysOn?: boolean }) {
  const translate = useTranslate();
  return <SelectInput {...props} choices={ACTIVITY_RESOURCES.map((resource) => ({ id: resource, name: activityResourceName(resource, translate) }))} />;
}

const actionChoices = ACTIVITY_ACTIONS.map((action) => ({ id: action, name: `console.activity.actions.${action}` }));

const filters = [
  <ActorInput key="actorId" source="actorId" alwaysOn />,
  <ResourceInput key="resource" source="resource" alwaysOn />,
  <SelectInput key="action" source="action" choices={actionChoices} alwaysOn />,
  <ConsoleDateTimeInput key="occurredFrom" source="occurredFrom" parse={toIsoInstant} filter />,
  <ConsoleDateTimeInput key="occurredTo" source="occurredTo" parse={toIsoInstant} filter />,
];

/** Exports what the filters select, as CSV in the reader's words, zone and language (a signed link the browser downloads). */
function ExportActivityButton() {
  const { filterValues } = useListContext();
  const { run, pending } = useApiWrite({ success: false });
  const exportRows = async () => {
    const answer = await run((api) => api.exportActivity(filterValues));
    if (answer) window.location.assign(answer.data.url);
  };
  return (
    <Button label="ra.action.export" onClick={exportRows} disabled={pending}>
      <DownloadIcon />
    </Button>
  );
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
          <FilterButton />
          <ExportActivityButton />
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
      </ConsoleDataTable>
    </ConsoleList>
  );
}
