import { Box, type SxProps, type Theme } from '@mui/material';
import { codeDetails } from '../../components/CodeField';

/**
 * A process as people know it, by its collect config's metric; its id (P1) is in the name's details
 * (codeDetails), for support. A process whose config is gone is named by its id alone. `sx` shapes
 * the name where a table keeps it narrow.
 */
export function ProcessName({ metricName, processId, sx }: { metricName: string | null; processId: string; sx?: SxProps<Theme> }) {
  if (!metricName) return <>{processId}</>;
  return (
    <Box component="span" sx={sx} {...codeDetails(processId)}>
      {metricName}
    </Box>
  );
}
