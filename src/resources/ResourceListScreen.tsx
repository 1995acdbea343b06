import { Suspense, type ComponentType } from 'react';
import { Loading, ResourceContextProvider } from 'react-admin';
import type { ConsoleResource } from './ConsoleResource';

/** A resource's list at its SPEC §2 screen path. */
export function ResourceListScreen({ resource }: { resource: ConsoleResource }) {
  const List = resource.list;
  return (
    <ResourceContextProvider value={resource.name}>
      <Suspense fallback={<Loading />}>
        <List />
      </Suspense>
    </ResourceContextProvider>
  );
}

/** The screen view of a resource's list, for the route table. */
export function listScreenOf(resource: ConsoleResource): ComponentType {
  return function ListScreen() {
    return <ResourceListScreen resource={resource} />;
  };
}
