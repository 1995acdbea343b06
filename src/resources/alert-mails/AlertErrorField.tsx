import { useRecordContext, useTranslate } from 'react-admin';
import type { AlertMail } from '../../shared';
import { TASK_ERROR_IDS } from '../../shared/collect-constants';
import { CodeWords } from '../../components/CodeField';

type TaskErrorId = (typeof TASK_ERROR_IDS)[number];
const isTaskError = (errorId: string): errorId is TaskErrorId => (TASK_ERROR_IDS as readonly string[]).includes(errorId);

/** The error an alert mail is for, in words with its id in their details (title); `*` is any other error of the procedure. */
export function AlertErrorField(_props: { label?: string }) {
  const record = useRecordContext<AlertMail>();
  const translate = useTranslate();
  if (!record) return null;
  if (record.errorId === '*') return <>{translate('resources.alert-mails.anyOtherError')}</>;
  return isTaskError(record.errorId) ? <CodeWords set="taskError" code={record.errorId} /> : <>{record.errorId}</>;
}
