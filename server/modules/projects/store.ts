import type { ProjectDetail, ProjectValues } from '../../../src/shared';
import type { AppContext } from '../../context';
import type { CrudStore } from '../../db/store';
import { findTemplate } from '../templates/queries';
import { projectScopeOf } from './access';
import { deleteProject, findProject, listProjects, officeOf, saveProject } from './queries';

/**
 * Projects as crudRoutes reads and writes them. Reads see only what the caller may see (their
 * shares and admin scope, a condition over joined tables), so a project out of sight is a 404.
 */
export function projectStore({ db }: Pick<AppContext, 'db'>): CrudStore<ProjectValues, ProjectDetail, number> {
  return {
    table: 'projects',
    // The `from` and `to` filters bound the project's running time: `from` its end, `to` its start.
    columns: { dataType: 'data_type_code', advertiser: 'advertiser_code', ownerCountry: 'owner_country_code', from: 'end_at', to: 'start_at' },
    list: async (list, request) => listProjects(db, request.admin!, await projectScopeOf(db, request.admin!), list),
    // With its template's previews, which the detail screen shows.
    async find(id, request) {
      const project = await findProject(db, request!.admin!, await projectScopeOf(db, request!.admin!), id);
      if (!project) return undefined;
      const template = project.templateId ? await findTemplate(db, request!, project.templateId) : undefined;
      return { ...project, templatePreviews: template?.previews ?? [] };
    },
    // A new project belongs to its creator's office (its owner country); the creator becomes its first owner.
    insert: async (input, now, { request }) => (await saveProject(db, input, { adminId: request.admin!.id, countryCode: await officeOf(db, request.admin!.id) }, now))!,
    update: async (id, input, now, { request }) => (await saveProject(db, input, { adminId: request.admin!.id, countryCode: null }, now, id)) !== undefined,
    remove: (project) => deleteProject(db, project.id),
  };
}
