import { Create, SimpleForm, useNotify, useTranslate, useNavigate } from 'react-admin';
import { projectInput, type ProjectDetail } from '../../shared';
import { detailLink } from './projectChoices';
import { newProjectDefaults, nestedZodValidator, toProjectInput } from './projectFormValues';
import { ProjectInputs } from './ProjectInputs';

/** `/project/create`: the creator becomes the project's owner; the detail opens with the new name in the top bar. */
export function ProjectCreate() {
  const navigate = useNavigate();
  const notify = useNotify();
  const translate = useTranslate();
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
      <SimpleForm validate={nestedZodValidator(projectInput)} defaultValues={newProjectDefaults()}>
        <ProjectInputs />
      </SimpleForm>
    </Create>
  );
}
