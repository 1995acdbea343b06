import { Suspense, type ComponentType } from 'react';
import { Loading, Navigate, type ResourceProps } from 'react-admin';
import { RankGuard } from '../routes/RankGuard';
import type { ConsoleResource } from './ConsoleResource';
import { RecordHistory } from './activity/RecordHistory';

function guarded(View: ComponentType | undefined, requireRank: number, history?: string) {
  if (!View) return undefined;
  return function GuardedView() {
    return (
      <RankGuard requireRank={requireRank}>
        <Suspense fallback={<Loading />}>
          <View />
        </Suspense>
        {history && <RecordHistory resource={history} />}
      </RankGuard>
    );
  };
}

/**
 * The props of <Resource>: react-admin's list route redirects to the SPEC screen path, so "back to
 * list" and redirects after save land on the one list screen; the other views keep the rank guard.
 */
export function resourceRoutes(resource: ConsoleResource): ResourceProps {
  return {
    name: resource.name,
    icon: resource.icon,
    recordRepresentation: resource.recordRepresentation,
    list: () => <Navigate to={resource.listPath} replace />,
    create: guarded(resource.create, resource.requireRank),
    edit: guarded(resource.edit, resource.requireRank),
    // Every record's show page ends with its history, whatever the resource draws.
    show: guarded(resource.show, resource.requireRank, (resource.history ?? Boolean(resource.create || resource.edit)) ? resource.name : undefined),
  };
}
