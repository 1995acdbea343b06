import { Suspense, type ComponentType } from 'react';
import { Navigate, type ResourceProps } from 'react-admin';
import { RankGuard } from '../routes/RankGuard';
import type { ConsoleResource } from './ConsoleResource';
import { lazyNamed } from '../routes/lazyNamed';
import { LiveRecordNotice } from './LiveRecordNotice';
import { ScreenLoading } from '../components/ScreenLoading';

/**
 * A record's history, loaded when first drawn: its revert and restore need every resource's
 * declaration (and the schema library), which the first screen after sign-in goes without.
 */
export const RecordHistory = lazyNamed(() => import('./activity/RecordHistory'), 'RecordHistory');

/** `live`: a record screen, told when someone else changes its record (an edit form: a notice). */
function guarded(View: ComponentType | undefined, requireRank: number, history?: string, live?: 'show' | 'edit') {
  if (!View) return undefined;
  return function GuardedView() {
    return (
      <RankGuard requireRank={requireRank}>
        {live && <LiveRecordNotice editing={live === 'edit'} />}
        <Suspense fallback={<ScreenLoading />}>
          <View />
        </Suspense>
        {history && (
          <Suspense fallback={null}>
            <RecordHistory resource={history} writeRank={requireRank} />
          </Suspense>
        )}
      </RankGuard>
    );
  };
}

/**
 * The props of <Resource>: react-admin's list route redirects to the screen's own path, so "back to
 * list" and redirects after save land on the one list screen; the other views keep the rank guard.
 */
export function resourceRoutes(resource: ConsoleResource): ResourceProps {
  return {
    name: resource.name,
    icon: resource.icon,
    recordRepresentation: resource.recordRepresentation,
    list: () => <Navigate to={resource.listPath} replace />,
    create: guarded(resource.create, resource.requireRank),
    edit: guarded(resource.edit, resource.requireRank, undefined, 'edit'),
    // Every record's show page ends with its history, whatever the resource draws; its rank is the write rank (resource-declarations.spec), so it reverts too.
    show: guarded(resource.show, resource.requireRank, (resource.history ?? Boolean(resource.create || resource.edit)) ? resource.name : undefined, 'show'),
  };
}
