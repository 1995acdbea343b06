import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A box whose content (a wide table) scrolls sideways inside it instead of widening the page. The
 * containment matters: the console's layout sizes itself to fit its content, and a scroll box still
 * reports its content's width to it.
 */
export function ScrollsSideways({ children }: { children: ReactNode }) {
  return <Box sx={{ overflowX: 'auto', contain: 'inline-size' }}>{children}</Box>;
}
