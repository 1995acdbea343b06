import type { MutationMode } from 'react-admin';

/**
 * Deletes that wait for the server's answer instead of offering Undo. An undoable delete hides the
 * record at once and sends the DELETE only when its notice closes; where the server may refuse the
 * delete, or takes more with it than the screen shows, that notice would first say "deleted" and
 * the refusal would come seconds later, so these ask, wait, and say the outcome.
 */
const WAITS_FOR_THE_SERVER: Record<string, string> = {
  properties: 'a code still used by projects or records is refused, with its usages',
  terms: 'a term someone has agreed to is refused; it is deactivated instead',
  'market-accounts': 'an account used by collect configurations is refused',
  'project-shares': 'removing the last owner of a project is refused',
  projects: 'its share entries, data filters and plans go with it on the server, which this screen does not show',
};

/** How a delete of this resource runs: undoable unless the resource is listed above. */
export function deleteModeOf(resource: string): MutationMode {
  return resource in WAITS_FOR_THE_SERVER ? 'pessimistic' : 'undoable';
}

/** The resources whose deletes wait, and why (for the test that holds the rule). */
export const pessimisticDeletes: Readonly<Record<string, string>> = WAITS_FOR_THE_SERVER;
