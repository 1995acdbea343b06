import { useRecordContext } from 'react-admin';
import type { AdminUser } from '../../shared';
import { CodeChip } from '../../components/CodeChip';
import { approvalColors, statusColors } from './userChoices';

/**
 * The account's status as a person reads it: an account not yet approved (or rejected) says so
 * rather than the green "Active" its status code carries from sign-up.
 */
export function AccountStateChip(_props: { source?: string; label?: string }) {
  const record = useRecordContext<Pick<AdminUser, 'statusCode' | 'approvalStatusCode'>>();
  if (!record) return null;
  return record.approvalStatusCode === 'APPROVED' ? (
    <CodeChip code={record.statusCode} messages="resources.users.status" colors={statusColors} />
  ) : (
    <CodeChip code={record.approvalStatusCode} messages="resources.users.approval" colors={approvalColors} />
  );
}
