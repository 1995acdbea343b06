import type { FastifyRequest } from 'fastify';
import type { ProjectDetail, ProjectValues } from '../../../src/shared';
import type { AppContext } from '../../context';
import type { CrudStore } from '../../db/store';
import { findTemplates } from '../templates/queries';
import { projectScopeOf } from './access';
import { deleteProject, findProjects, listProjects, officeOf, saveProject } from './queries';

/**
 * Projects as crudRoutes reads and writes them. Reads see only what the caller may see (their
 * shares and admin scope, a condition over joined tables), so a project out of sight is a 404.
 */
export function projectStore({ db }: Pick<AppContext, 'db'>): CrudStore<ProjectValues, ProjectDetail, number> {
  // With their templates' previews, which the detail screen shows; a page's projects and their templates in one read each.
  async function findMany(ids: readonly number[], request: FastifyRequest): Promise<ProjectDetail[]> {
    const projects = await findProjects(db, request.admin!, await projectScopeOf(db, request.admin!), ids);
    const templates = await findTemplates(db, request, [...new Set(projects.flatMap((project) => (project.templateId ? [project.templateId] : [])))]);
    return projects.map((project) => ({ ...project, templatePreviews: templates.find((template) => template.id === project.templateId)?.previews ?? [] }));
  }
  return {
    table: 'projects',
    // The `from` and `to` filters bound the project's running time: `from` its end, `to` its start.
    columns: { dataType: 'data_type_code', advertiser: 'advertiser_code', ownerCountry: 'owner_country_code', from: 'end_at', to: 'start_at' },
    list: async (list, request) => listProjects(db, request.admin!, await projectScopeOf(db, request.admin!), list),
    find: async (id, request) => (await findMany([id], request!))[0],
    findMany,
    // A new project belongs to its creator's office (its owner country); the creator becomes its first owner.
    insert: async (input, now, { request }) => (await saveProject(db, input, { adminId: request.admin!.id, countryCode: await officeOf(db, request.admin!.id) }, now))!,
    update: async (id, input, now, { request }) => (await saveProject(db, input, { adminId: request.admin!.id, countryCode: null }, now, id)) !== undefined,
    remove: (project) => deleteProject(db, project.id),
  };
}
