import AddIcon from '@mui/icons-material/Add';
import { Button, DataTable, FilterButton, LinkBase, SelectInput, TextField, TopToolbar, useNavigate, useTranslate } from 'react-admin';
import { CodeField } from '../../components/CodeField';
import { ConsoleDateField } from '../../components/ConsoleDateField';
import { ConsoleList } from '../ConsoleList';
import { ConsoleDataTable } from '../ConsoleDataTable';
import type { ProjectSummary } from '../../shared';
import { useLivePermissions } from '../../providers/useLivePermissions';
import { dashboardTypeChoices, dataSourceChoices, dataTypeChoices, detailLink, statusChoices } from './projectChoices';
import { ProjectEmpty } from './ProjectEmpty';
import { ProjectStatusChip } from './ProjectStatusChip';
import { RecordLink } from '../RecordLink';
import { ConsoleSearchInput } from '../../components/ConsoleSearchInput';

const Column = DataTable.Col<ProjectSummary>;

const projectFilters = [
  <ConsoleSearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={statusChoices} alwaysOn />,
  <SelectInput key="dataType" source="dataType" choices={dataTypeChoices} />,
  <SelectInput key="dataSource" source="dataSource" choices={dataSourceChoices} />,
  <SelectInput key="dashboardType" source="dashboardType" choices={dashboardTypeChoices} />,
];

function ProjectListActions() {
  const creator = useLivePermissions()?.creator ?? false;
  return (
    <TopToolbar>
      <FilterButton disableSaveQuery />
      {creator && (
        <Button component={LinkBase} to="/project/create" label="resources.projects.actions.create">
          <AddIcon />
        </Button>
      )}
    </TopToolbar>
  );
}

/** A project opens on its detail screen, with its name for the top bar. */
function ProjectLink({ source }: { source?: string }) {
  return <RecordLink<ProjectSummary> source={source} target={detailLink} />;
}

function OwnerCountry() {
  return <TextField source="ownerCountryName" emptyText="—" />;
}

/** Project list (`/`): the projects the user may see; a row opens the detail with its name in the top bar. */
export function ProjectList() {
  const navigate = useNavigate();
  const translate = useTranslate();
  return (
    <ConsoleList
      resource="projects"
      filters={projectFilters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={10}
      actions={<ProjectListActions />}
      empty={<ProjectEmpty />}
      title={translate('console.screens.projectList')}
    >
      <ConsoleDataTable
        bulkActionButtons={false}
        rowClick={(_id, _resource, record) => {
          const link = detailLink(record as ProjectSummary);
          navigate(link.to, { state: link.state });
          return false;
        }}
      >
        <Column source="name" field={ProjectLink} />
        <Column source="status">
          <ProjectStatusChip />
        </Column>
        <Column source="dataType">
          <CodeField set="projectDataType" source="dataType" />
        </Column>
        <Column source="dataSource">
          <CodeField set="dataSource" source="dataSource" />
        </Column>
        <Column source="dashboardType">
          <CodeField set="dashboardType" source="dashboardType" />
        </Column>
        <Column source="ownerCountry">
          <OwnerCountry />
        </Column>
        <Column source="startAt">
          <ConsoleDateField source="startAt" />
        </Column>
        <Column source="endAt">
          <ConsoleDateField source="endAt" />
        </Column>
        <Column source="createdAt">
          <ConsoleDateField source="createdAt" />
        </Column>
      </ConsoleDataTable>
    </ConsoleList>
  );
}
