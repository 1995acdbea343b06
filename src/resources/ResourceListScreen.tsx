import { Suspense, type ComponentType } from 'react';
import { ResourceContextProvider } from 'react-admin';
import type { ConsoleResource } from './ConsoleResource';
import { ListCardsContext } from './ConsoleCardList';
import { ScreenLoading } from '../components/ScreenLoading';

/** A resource's list at its screen path; on a phone its records are the cards it declares. */
export function ResourceListScreen({ resource }: { resource: ConsoleResource }) {
  const List = resource.list;
  return (
    <ResourceContextProvider value={resource.name}>
      <ListCardsContext.Provider value={{ resource: resource.name, lines: resource.cards }}>
        <Suspense fallback={<ScreenLoading />}>
          <List />
        </Suspense>
      </ListCardsContext.Provider>
    </ResourceContextProvider>
  );
}

/** The screen view of a resource's list, for the route table. */
export function listScreenOf(resource: ConsoleResource): ComponentType {
  return function ListScreen() {
    return <ResourceListScreen resource={resource} />;
  };
}
