import { useListContext } from 'react-admin';
import { useApiRead } from '../../components/useApi';

/** How often the board and its task list reload while a task is pending or running. */
export const BOARD_POLL_MS = 3000;

/**
 * The board for the task list's period and filters. Tiles, chart and process rows follow every
 * filter, not only the period; callers with the same filters share one request.
 */
export function useCollectStatus() {
  const { filterValues } = useListContext();
  const { from, to, ...taskFilter } = filterValues;
  const query = { from: from || undefined, to: to || undefined, filter: Object.keys(taskFilter).length ? JSON.stringify(taskFilter) : undefined };
  return useApiRead(['collect-status', query], (api) => api.getCollectStatus(query), {
    refetchInterval: (state) => (state.state.data?.running ? BOARD_POLL_MS : false),
    // A wrong period is refused by the task list as well, which shows the message once.
    retry: false,
  });
}
