import { Alert } from '@mui/material';
import { Create, SimpleForm, useNotify, useTranslate, useNavigate } from 'react-admin';
import { useLivePermissions } from '../../providers/useLivePermissions';
import type { ProjectDetail } from '../../shared';
import { detailLink } from './projectChoices';
import { newProjectDefaults, toProjectInput, validateProjectForm } from './projectFormValues';
import { OwnerCountryNote } from './OwnerCountryNote';
import { ProjectInputs } from './ProjectInputs';

/** `/project/create`: the creator becomes the project's owner; the detail opens with the new name in the top bar. */
export function ProjectCreate() {
  const navigate = useNavigate();
  const notify = useNotify();
  const translate = useTranslate();
  const permissions = useLivePermissions();
  // The server refuses anyway; this spares a user without the creator flag a form they cannot save.
  if (permissions === undefined) return null;
  if (!permissions.creator)
    return (
      <Alert severity="warning" sx={{ m: 2 }}>
        {translate('resources.projects.messages.creatorOnly')}
      </Alert>
    );
  return (
    <Create
      resource="projects"
      title={translate('console.screens.projectCreate')}
      transform={toProjectInput}
      mutationOptions={{
        onSuccess: (project: ProjectDetail) => {
          notify('resources.projects.messages.created', { type: 'success' });
          const link = detailLink(project);
          navigate(link.to, { state: link.state });
        },
      }}
    >
      <SimpleForm validate={validateProjectForm} defaultValues={newProjectDefaults()}>
        <OwnerCountryNote />
        <ProjectInputs />
      </SimpleForm>
    </Create>
  );
}
