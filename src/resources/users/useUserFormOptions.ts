import { useQuery } from '@tanstack/react-query';
import { useConsoleDataProvider } from '../../providers/dataProvider';

/** The code tables of the user filters and edit form, fetched once and cached. */
export function useUserFormOptions() {
  const dataProvider = useConsoleDataProvider();
  return useQuery({ queryKey: ['users', 'options'], queryFn: async () => (await dataProvider.getUserFormOptions()).data, staleTime: 5 * 60_000 }).data;
}
