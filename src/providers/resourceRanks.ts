import { AREA_RANK } from '../shared/ranks';

/** Required rank of each API resource (DESIGN §3), by the area of the product it belongs to. */
export const RESOURCE_RANK: Readonly<Record<string, number>> = {
  projects: AREA_RANK.project,
  'project-shares': AREA_RANK.project,
  plans: AREA_RANK.project,
  datasets: AREA_RANK.project,
  uploads: AREA_RANK.project,
  explorer: AREA_RANK.project,
  templates: AREA_RANK.systemSetting,
  domains: AREA_RANK.systemSetting,
  terms: AREA_RANK.systemSetting,
  'email-templates': AREA_RANK.systemSetting,
  properties: AREA_RANK.systemSetting,
  'alert-mails': AREA_RANK.systemSetting,
  'collect-configs': AREA_RANK.collectData,
  'post-configs': AREA_RANK.collectData,
  'market-accounts': AREA_RANK.collectData,
  tasks: AREA_RANK.collectData,
  'system-logs': AREA_RANK.systemLog,
  users: AREA_RANK.userManagement,
  'access-history': AREA_RANK.userManagement,
};
