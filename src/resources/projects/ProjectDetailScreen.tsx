import { useEffect, useState } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { Confirm, LinkBase, useDelete, useGetOne, useLocation, useNavigate, useNotify, useParams, useTranslate } from 'react-admin';
import { deleteModeOf } from '../deleteModes';
import { useApiErrorToast } from '../../components/useApiErrorToast';
import { privilegeAllows, type ProjectDetail } from '../../shared';
import { DashboardPanel } from './DashboardPanel';
import { PlanPanel } from './PlanPanel';
import { ProjectFields } from './ProjectFields';
import { SharePanel } from './SharePanel';
import { ScreenLoading } from '../../components/ScreenLoading';

/** `/project/detail/:id`: the fields, the embedded dashboard, sharing and plans. */
export function ProjectDetailScreen() {
  const { id } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const showError = useApiErrorToast();
  const navigate = useNavigate();
  const location = useLocation();
  const { data: project, isPending, error } = useGetOne<ProjectDetail>('projects', { id: Number(id) }, { retry: false });
  const [remove, { isPending: deleting }] = useDelete();
  const [confirming, setConfirming] = useState(false);

  // The top bar reads the name from navigation state; a reload or a typed URL has none, so add it.
  const stateName = (location.state as { projectName?: string } | null)?.projectName;
  useEffect(() => {
    if (project && stateName !== project.name) navigate(location.pathname, { replace: true, state: { ...(location.state as object), projectName: project.name } });
  }, [project, stateName, navigate, location.pathname, location.state]);

  // react-admin first offers the list's row as a placeholder, which lacks the data filters.
  if (isPending || (project && !project.dataFilters)) return <ScreenLoading />;
  if (error || !project)
    return (
      <Alert severity="warning" sx={{ m: 2 }}>
        {translate('resources.projects.messages.notFound')}
      </Alert>
    );

  const canModify = privilegeAllows(project.myPrivilege, 'EDITOR');
  const isOwner = privilegeAllows(project.myPrivilege, 'OWNER');
  const confirmDelete = () =>
    remove(
      'projects',
      { id: project.id, previousData: project },
      {
        mutationMode: deleteModeOf('projects'),
        onSuccess: () => {
          notify('resources.projects.messages.deleted', { type: 'success' });
          navigate('/');
        },
        onError: showError,
        onSettled: () => setConfirming(false),
      },
    );

  return (
    <Box sx={{ p: { xs: 1, md: 2 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h5" component="h2">
          {project.name}
        </Typography>
        <Stack direction="row" spacing={1}>
          {canModify && (
            <Button component={LinkBase} to={`/project/modify/${project.id}`} variant="outlined" startIcon={<EditIcon />}>
              {translate('resources.projects.actions.modify')}
            </Button>
          )}
          {isOwner && (
            <Button color="error" variant="outlined" startIcon={<DeleteIcon />} onClick={() => setConfirming(true)} disabled={deleting}>
              {translate('resources.projects.actions.delete')}
            </Button>
          )}
        </Stack>
      </Stack>
      <ProjectFields project={project} />
      <DashboardPanel projectId={project.id} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '4fr 3fr' }, gap: 2 }}>
        <SharePanel projectId={project.id} canShare={isOwner} />
        <PlanPanel projectId={project.id} canEdit={canModify} />
      </Box>
      <Confirm
        isOpen={confirming}
        title="resources.projects.messages.deleteTitle"
        content="resources.projects.messages.deleteContent"
        translateOptions={{ name: project.name }}
        onConfirm={confirmDelete}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
