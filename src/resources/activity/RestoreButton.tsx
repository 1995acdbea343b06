import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import { Button, usePermissions, useTranslate } from 'react-admin';
import { useApiWrite } from '../../components/useApi';
import type { ConsolePermissions } from '../../providers/authProvider';
import { offersRevert, type ActivityEntry } from '../../shared/activity';
import { rankAllows } from '../../shared/ranks';
import { RESTORE_RANKS } from './recordedResources';

/**
 * "Restore" on a delete entry (a record deleted, a share ended) not restored since, for someone
 * whose rank may create such a record: the server puts back what the delete took, with the same id. Nothing is lost by
 * pressing it, so it asks nothing first; a refusal (its name taken meanwhile, restored already) is
 * the server's sentence in the error toast.
 */
export function RestoreButton({ entry }: { entry: ActivityEntry }) {
  const translate = useTranslate();
  const { permissions } = usePermissions<ConsolePermissions>();
  const { run, pending } = useApiWrite();
  const rank = RESTORE_RANKS.get(entry.resource);
  // A share's end that names its share is undone by Revert (RevertButton), as its project's owners may; one logged before entries did is restored here.
  const restores = !entry.restored && (entry.action === 'delete' || (entry.action === 'unshare' && !offersRevert(entry)));
  if (!restores || rank === undefined || !permissions || !rankAllows(rank, permissions.rank)) return null;
  return (
    <Button
      label="console.activity.restore.action"
      aria-label={translate('console.activity.restore.label', { record: entry.recordName })}
      size="small"
      disabled={pending}
      onClick={() => run((api) => api.restoreActivity(entry.id))}
    >
      <RestoreFromTrashIcon />
    </Button>
  );
}
