import { codeDetails } from '../../components/CodeField';

/**
 * A process as people know it, by its collect config's metric; its id (P1) is in the name's details
 * (codeDetails), for support. A process whose config is gone is named by its id alone.
 */
export function ProcessName({ metricName, processId }: { metricName: string | null; processId: string }) {
  if (!metricName) return <>{processId}</>;
  return <span {...codeDetails(processId)}>{metricName}</span>;
}
