import AddIcon from '@mui/icons-material/Add';
import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import { Box, Typography } from '@mui/material';
import { Button, LinkBase, useTranslate } from 'react-admin';
import { useLivePermissions } from '../../providers/useLivePermissions';

/** The list before any project is visible: creators are invited to make the first one. */
export function ProjectEmpty() {
  const translate = useTranslate();
  const creator = useLivePermissions()?.creator ?? false;
  return (
    <Box sx={{ textAlign: 'center', py: 8, px: 2, width: '100%' }}>
      <FolderOpenIcon sx={{ fontSize: 64, color: 'text.disabled' }} />
      <Typography variant="h6" sx={{ mt: 1 }}>
        {translate('resources.projects.empty.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate(creator ? 'resources.projects.empty.creator' : 'resources.projects.empty.other')}
      </Typography>
      {creator && (
        <Button component={LinkBase} to="/project/create" variant="contained" label="resources.projects.actions.create">
          <AddIcon />
        </Button>
      )}
    </Box>
  );
}
