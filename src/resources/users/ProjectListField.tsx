import { List, ListItem, ListItemText, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { AdminDetail } from '../../shared';

/** The user's projects; the server answers an empty list until projects exist. */
export function ProjectListField(_props: { label?: string }) {
  const record = useRecordContext<AdminDetail>();
  const translate = useTranslate();
  if (!record) return null;
  if (!record.projectList.length)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('resources.users.messages.noProjects')}
      </Typography>
    );
  return (
    <List dense disablePadding>
      {record.projectList.map((project) => (
        <ListItem key={project.id} disableGutters>
          <ListItemText primary={project.name} />
        </ListItem>
      ))}
    </List>
  );
}
