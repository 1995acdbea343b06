import type { ReactElement } from 'react';
import { AREA_RANK } from '../shared';
import type { ConsoleMessages } from '../i18n/en';
import { UnderConstruction } from '../pages/UnderConstruction';

export type MenuGroup = keyof ConsoleMessages['menu'];

/** A screen inside the layout (SPEC §2): the menu and the rank guard are both built from this table. */
export interface AppRoute {
  path: string;
  /** Message key of the screen's title, also its menu label. */
  title: string;
  requireRank: number;
  group: MenuGroup;
  /** Reached from another screen (it needs an id or is a sub-step), so not in the menu. */
  hidden?: boolean;
  element: ReactElement;
}

export const MENU_GROUPS: MenuGroup[] = ['project', 'systemSetting', 'collectData', 'systemLog', 'userManagement'];

export const appRoutes: AppRoute[] = [
  { path: '/', title: 'console.screens.projectList', requireRank: AREA_RANK.project, group: 'project', element: <UnderConstruction title="console.screens.projectList" /> },
  { path: '/project/manual', title: 'console.screens.manualUpload', requireRank: AREA_RANK.project, group: 'project', element: <UnderConstruction title="console.screens.manualUpload" /> },
  { path: '/project/detail/:id', title: 'console.screens.projectDetail', requireRank: AREA_RANK.project, group: 'project', hidden: true, element: <UnderConstruction title="console.screens.projectDetail" /> },
  { path: '/project/create', title: 'console.screens.projectCreate', requireRank: AREA_RANK.project, group: 'project', hidden: true, element: <UnderConstruction title="console.screens.projectCreate" /> },
  { path: '/project/modify/:id', title: 'console.screens.projectModify', requireRank: AREA_RANK.project, group: 'project', hidden: true, element: <UnderConstruction title="console.screens.projectModify" /> },
  { path: '/system/terms', title: 'console.screens.terms', requireRank: AREA_RANK.systemSetting, group: 'systemSetting', element: <UnderConstruction title="console.screens.terms" /> },
  { path: '/system/white-domain', title: 'console.screens.whiteDomain', requireRank: AREA_RANK.systemSetting, group: 'systemSetting', element: <UnderConstruction title="console.screens.whiteDomain" /> },
  { path: '/system/dashboard-template', title: 'console.screens.dashboardTemplate', requireRank: AREA_RANK.systemSetting, group: 'systemSetting', element: <UnderConstruction title="console.screens.dashboardTemplate" /> },
  { path: '/system/email-template', title: 'console.screens.emailTemplate', requireRank: AREA_RANK.systemSetting, group: 'systemSetting', element: <UnderConstruction title="console.screens.emailTemplate" /> },
  { path: '/system/project-property', title: 'console.screens.projectProperty', requireRank: AREA_RANK.systemSetting, group: 'systemSetting', element: <UnderConstruction title="console.screens.projectProperty" /> },
  { path: '/system/alert-mail', title: 'console.screens.alertMail', requireRank: AREA_RANK.systemSetting, group: 'systemSetting', element: <UnderConstruction title="console.screens.alertMail" /> },
  { path: '/data/collect-status', title: 'console.screens.collectStatus', requireRank: AREA_RANK.collectData, group: 'collectData', element: <UnderConstruction title="console.screens.collectStatus" /> },
  { path: '/data/collect-metric', title: 'console.screens.collectMetric', requireRank: AREA_RANK.collectData, group: 'collectData', element: <UnderConstruction title="console.screens.collectMetric" /> },
  { path: '/data/post-metric', title: 'console.screens.postMetric', requireRank: AREA_RANK.collectData, group: 'collectData', element: <UnderConstruction title="console.screens.postMetric" /> },
  { path: '/data/market-account', title: 'console.screens.marketAccount', requireRank: AREA_RANK.collectData, group: 'collectData', element: <UnderConstruction title="console.screens.marketAccount" /> },
  { path: '/log/system', title: 'console.screens.systemLog', requireRank: AREA_RANK.systemLog, group: 'systemLog', element: <UnderConstruction title="console.screens.systemLog" /> },
  { path: '/user/users', title: 'console.screens.users', requireRank: AREA_RANK.userManagement, group: 'userManagement', element: <UnderConstruction title="console.screens.users" /> },
  { path: '/user/access-history', title: 'console.screens.accessHistory', requireRank: AREA_RANK.userManagement, group: 'userManagement', element: <UnderConstruction title="console.screens.accessHistory" /> },
];
