import { useCallback } from 'react';
import { Edit, SimpleForm, Toolbar, SaveButton, useNotify, useTranslate, useNavigate, useParams, type RaRecord } from 'react-admin';
import { useVersionConflicts } from '../versionConflicts';
import type { ProjectDetail } from '../../shared';
import { detailLink } from './projectChoices';
import { toProjectInput, validateProjectForm } from './projectFormValues';
import { ModifyGate } from './ModifyGate';
import { ProjectInputs } from './ProjectInputs';
import { LiveRecordNotice } from '../LiveRecordNotice';

/** `/project/modify/:id`: the create form on a read project; only editors and owners get the form (ModifyGate). */
export function ProjectModify() {
  const { id } = useParams();
  const navigate = useNavigate();
  const notify = useNotify();
  const translate = useTranslate();
  const onSuccess = useCallback(
    (project: ProjectDetail) => {
      notify('resources.projects.messages.saved', { type: 'success' });
      const link = detailLink(project);
      navigate(link.to, { state: link.state });
    },
    [navigate, notify],
  );
  // A save refused because someone changed the project meanwhile opens the conflict dialog.
  const onError = useVersionConflicts(onSuccess as (record: RaRecord) => void);
  return (
    <>
      <LiveRecordNotice editing resource="projects" />
      <Edit
        resource="projects"
        id={Number(id)}
        title={translate('console.screens.projectModify')}
        mutationMode="pessimistic"
        transform={toProjectInput}
        redirect={false}
        mutationOptions={{ onSuccess, onError }}
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
    </>
  );
}
