import { Edit, SimpleForm, Toolbar, SaveButton, useNotify, useTranslate, useNavigate, useParams } from 'react-admin';
import type { ProjectDetail } from '../../shared';
import { detailLink } from './projectChoices';
import { toProjectInput, validateProjectForm } from './projectFormValues';
import { ModifyGate } from './ModifyGate';
import { ProjectInputs } from './ProjectInputs';

/** `/project/modify/:id`: the create form on a read project; only editors and owners get the form (ModifyGate). */
export function ProjectModify() {
  const { id } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const translate = useTranslate();
  return (
    <Edit
      resource="projects"
      id={Number(id)}
      title={translate('console.screens.projectModify')}
      mutationMode="pessimistic"
      transform={toProjectInput}
      redirect={false}
      mutationOptions={{
        onSuccess: (project: ProjectDetail) => {
          notify('resources.projects.messages.saved', { type: 'success' });
          const link = detailLink(project);
          navigate(link.to, { state: link.state });
        },
      }}
    >
      <ModifyGate>
        <SimpleForm
          validate={validateProjectForm}
          toolbar={
            <Toolbar>
              <SaveButton />
            </Toolbar>
          }
        >
          <ProjectInputs />
        </SimpleForm>
      </ModifyGate>
    </Edit>
  );
}
