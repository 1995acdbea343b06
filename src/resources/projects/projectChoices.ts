import { CONDITION_OPERATORS, DASHBOARD_TYPES, DATA_SOURCES, KEYWORD_MODES, PROJECT_DATA_TYPES, PROJECT_STATUSES, SHARE_PRIVILEGES } from '../../shared/project-kinds';

const asIs = (values: readonly string[]) => values.map((id) => ({ id, name: id }));

/** Choices of the project selects; codes are shown as they are, like the SPEC's samples. */
export const statusChoices = PROJECT_STATUSES.map((id) => ({ id, name: `resources.projects.status.${id}` }));
export const dataTypeChoices = asIs(PROJECT_DATA_TYPES);
export const dataSourceChoices = asIs(DATA_SOURCES);
export const dashboardTypeChoices = asIs(DASHBOARD_TYPES);
export const operatorChoices = CONDITION_OPERATORS.map((id) => ({ id, name: `resources.projects.operators.${id}` }));
export const keywordModeChoices = KEYWORD_MODES.map((id) => ({ id, name: `resources.projects.modes.${id}` }));
export const privilegeChoices = SHARE_PRIVILEGES.map((id) => ({ id, name: `resources.project-shares.privileges.${id}` }));

/** The detail route of a project, with its name as navigation state for the top bar's title. */
export function detailLink(project: { id: number | string; name: string }) {
  return { to: `/project/detail/${project.id}`, state: { projectName: project.name } };
}
