import { lazy, Suspense, type ComponentType } from 'react';
import { Loading, ResourceContextProvider } from 'react-admin';
import { RecordHistory } from '../activity/RecordHistory';

function screen(load: () => Promise<{ default: ComponentType }>, history = false) {
  const View = lazy(load);
  return function ProjectScreen() {
    return (
      <ResourceContextProvider value="projects">
        <Suspense fallback={<Loading />}>
          <View />
        </Suspense>
        {history && <RecordHistory resource="projects" />}
      </ResourceContextProvider>
    );
  };
}

/** The SPEC §2 project routes, each loaded on first use. */
export const ProjectCreateScreen = screen(() => import('./ProjectCreate').then((module) => ({ default: module.ProjectCreate })));
export const ProjectModifyScreen = screen(() => import('./ProjectModify').then((module) => ({ default: module.ProjectModify })));
export const ProjectDetailPage = screen(() => import('./ProjectDetailScreen').then((module) => ({ default: module.ProjectDetailScreen })), true);
