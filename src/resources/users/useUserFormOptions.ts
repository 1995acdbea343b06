import { useApiRead } from '../../components/useApi';

/** The code tables of the user filters and edit form, fetched once and cached. */
export function useUserFormOptions() {
  return useApiRead(['users', 'options'], (api) => api.getUserFormOptions(), { staleTime: 5 * 60_000 }).data;
}
