import { lazy, Suspense, type ComponentType } from 'react';
import { useParams } from 'react-router-dom';
import { ResourceContextProvider, useGetOne } from 'react-admin';
import { privilegeAllows, type SharePrivilege } from '../../shared/project-kinds';
import { AREA_RANK } from '../../shared/ranks';
import { loggedRecordOf } from '../../shared/activity';
import { RecordHistory } from '../resourceRoutes';
import { ScreenLoading } from '../../components/ScreenLoading';

/**
 * A project's history; reverting a change is editing it, so only with the EDITOR share or more (the
 * project the screen already read), and a share's change or end (an entry naming its share) is
 * changing its shares: only an OWNER's.
 */
function ProjectHistory() {
  const { id } = useParams();
  const { data } = useGetOne<{ id: number; myPrivilege?: SharePrivilege | null }>('projects', { id: Number(id) }, { retry: false });
  return <RecordHistory resource="projects" writeRank={(entry) => (privilegeAllows(data?.myPrivilege, loggedRecordOf(entry) ? 'OWNER' : 'EDITOR') ? AREA_RANK.project : undefined)} />;
}

function screen(load: () => Promise<{ default: ComponentType }>, history = false) {
  const View = lazy(load);
  return function ProjectScreen() {
    return (
      <ResourceContextProvider value="projects">
        <Suspense fallback={<ScreenLoading />}>
          <View />
        </Suspense>
        {history && (
          <Suspense fallback={null}>
            <ProjectHistory />
          </Suspense>
        )}
      </ResourceContextProvider>
    );
  };
}

/** The project routes, each loaded on first use. */
export const ProjectCreateScreen = screen(() => import('./ProjectCreate').then((module) => ({ default: module.ProjectCreate })));
export const ProjectModifyScreen = screen(() => import('./ProjectModify').then((module) => ({ default: module.ProjectModify })));
export const ProjectDetailPage = screen(() => import('./ProjectDetailScreen').then((module) => ({ default: module.ProjectDetailScreen })), true);
