import { collectRetentionInput, type CollectRetentionKind } from '../../shared';
import { formatConsoleDate } from '../../components/ConsoleDateField';
import { RetentionDaysForm } from '../../components/RetentionDaysForm';

/** One kind's retention: finished tasks (cut by date and time) or master rows (cut by period date). */
export function CollectRetentionField({ kind, initialDays }: { kind: CollectRetentionKind; initialDays: number | null }) {
  return (
    <RetentionDaysForm
      name={`${kind}RetentionDays`}
      initialDays={initialDays}
      schema={collectRetentionInput}
      messages={`resources.tasks.retention.${kind}`}
      sharedMessages="resources.tasks.retention"
      preview={(days) => (api) => api.previewCollectRetention(kind, days)}
      store={(days) => (api) => api.setCollectRetention(kind, days)}
      dateOf={(cutoff) => (kind === 'tasks' ? formatConsoleDate(cutoff) : cutoff)}
    />
  );
}
