import { useQuery } from '@tanstack/react-query';
import { userCalls } from './userCalls';

/** The code tables of the user filters and edit form, fetched once and cached. */
export function useUserFormOptions() {
  return useQuery({ queryKey: ['users', 'options'], queryFn: async () => (await userCalls.options()).data, staleTime: 5 * 60_000 }).data;
}
