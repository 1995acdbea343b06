import { CodeSmallPrint } from '../../components/CodeField';

/**
 * A process as people know it, by its collect config's metric, its id (P1) in small print for
 * support; a process whose config is gone is named by its id alone.
 */
export function ProcessName({ metricName, processId }: { metricName: string | null; processId: string }) {
  if (!metricName) return <>{processId}</>;
  return (
    <>
      {metricName}
      <CodeSmallPrint code={processId} />
    </>
  );
}
