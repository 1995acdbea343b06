import { codeChoices } from '../../components/codeChoices';
import { CONDITION_OPERATORS, DASHBOARD_TYPES, DATA_SOURCES, KEYWORD_MODES, PROJECT_DATA_TYPES, PROJECT_STATUSES, SHARE_PRIVILEGES } from '../../shared/project-kinds';

/** Choices of the project selects and filters, in words from the code table. */
export const statusChoices = codeChoices('projectStatus', PROJECT_STATUSES);
export const dataTypeChoices = codeChoices('projectDataType', PROJECT_DATA_TYPES);
export const dataSourceChoices = codeChoices('dataSource', DATA_SOURCES);
export const dashboardTypeChoices = codeChoices('dashboardType', DASHBOARD_TYPES);
export const operatorChoices = codeChoices('conditionOperator', CONDITION_OPERATORS);
export const keywordModeChoices = codeChoices('keywordMode', KEYWORD_MODES);
export const privilegeChoices = codeChoices('sharePrivilege', SHARE_PRIVILEGES);

/** The detail route of a project, with its name as navigation state for the top bar's title. */
export function detailLink(project: { id: number | string; name: string }) {
  return { to: `/project/detail/${project.id}`, state: { projectName: project.name } };
}
