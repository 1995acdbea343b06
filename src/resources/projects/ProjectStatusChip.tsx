import { Chip, type ChipProps } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { ProjectStatus, ProjectSummary } from '../../shared';

const COLOURS: Record<ProjectStatus, ChipProps['color']> = { ON_GOING: 'success', STAND_BY: 'info', COMPLETED: 'default', PENDING: 'warning' };

export function ProjectStatusChip(_props: { label?: string; source?: string }) {
  const record = useRecordContext<ProjectSummary>();
  const translate = useTranslate();
  if (!record) return null;
  return <Chip size="small" variant="outlined" color={COLOURS[record.status]} label={translate(`resources.projects.status.${record.status}`)} data-status={record.status} />;
}
