import { collectRetentionInput, type CollectRetentionKind } from '../../shared';
import { useConsoleDataProvider } from '../../providers/dataProvider';
import { formatConsoleDate } from '../../components/ConsoleDateField';
import { RetentionDaysForm } from '../../components/RetentionDaysForm';

/** One kind's retention: finished tasks (cut by date and time) or master rows (cut by period date). */
export function CollectRetentionField({ kind, initialDays }: { kind: CollectRetentionKind; initialDays: number | null }) {
  const dataProvider = useConsoleDataProvider();
  return (
    <RetentionDaysForm
      name={`${kind}RetentionDays`}
      initialDays={initialDays}
      schema={collectRetentionInput}
      messages={`resources.tasks.retention.${kind}`}
      sharedMessages="resources.tasks.retention"
      preview={async (days) => (await dataProvider.previewCollectRetention(kind, days)).data}
      store={async (days) => (await dataProvider.setCollectRetention(kind, days)).data}
      dateOf={(cutoff) => (kind === 'tasks' ? formatConsoleDate(cutoff) : cutoff)}
    />
  );
}
