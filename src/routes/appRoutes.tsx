import type { ComponentType, ReactElement } from 'react';
import type { SvgIconProps } from '@mui/material';
import CloudDownloadIcon from '@mui/icons-material/CloudDownload';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DomainIcon from '@mui/icons-material/Domain';
import EmailIcon from '@mui/icons-material/Email';
import FolderIcon from '@mui/icons-material/Folder';
import GavelIcon from '@mui/icons-material/Gavel';
import HistoryIcon from '@mui/icons-material/History';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import StorefrontIcon from '@mui/icons-material/Storefront';
import TableViewIcon from '@mui/icons-material/TableView';
import TuneIcon from '@mui/icons-material/Tune';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { AREA_RANK } from '../shared/ranks';
import type { ConsoleMessages } from '../i18n/en';
import { resourceNamed } from '../resources';
import { ResourceListScreen } from '../resources/ResourceListScreen';
import { ProjectCreateScreen, ProjectDetailPage, ProjectModifyScreen } from '../resources/projects/ProjectScreens';
import { lazyNamed } from './lazyNamed';
import { PROJECT_DETAIL_ROUTE } from './paths';

const ManualUpload = lazyNamed(() => import('../pages/ManualUpload'), 'ManualUpload');

export type MenuGroup = keyof ConsoleMessages['menu'];

/** A screen inside the layout (SPEC §2): the menu and the rank guard are both built from this table. */
export interface AppRoute {
  path: string;
  /** Message key of the screen's title, also its menu label and the top bar's title. */
  title: string;
  requireRank: number;
  group: MenuGroup;
  icon: ComponentType<SvgIconProps>;
  /** Reached from another screen (it needs an id or is a sub-step), so not in the menu. */
  hidden?: boolean;
  element: ReactElement;
}

export const MENU_GROUPS: MenuGroup[] = ['project', 'systemSetting', 'collectData', 'systemLog', 'userManagement'];

export const appRoutes: AppRoute[] = [
  { path: '/', icon: FolderIcon, title: 'console.screens.projectList', requireRank: AREA_RANK.project, group: 'project', element: <ResourceListScreen resource={resourceNamed('projects')} /> },
  { path: '/project/manual', icon: UploadFileIcon, title: 'console.screens.manualUpload', requireRank: AREA_RANK.project, group: 'project', element: <ManualUpload /> },
  { path: '/project/explorer', icon: TableViewIcon, title: 'console.screens.dataExplorer', requireRank: AREA_RANK.project, group: 'project', element: <ResourceListScreen resource={resourceNamed('explorer')} /> },
  { path: PROJECT_DETAIL_ROUTE, icon: FolderIcon, title: 'console.screens.projectDetail', requireRank: AREA_RANK.project, group: 'project', hidden: true, element: <ProjectDetailPage /> },
  { path: '/project/create', icon: FolderIcon, title: 'console.screens.projectCreate', requireRank: AREA_RANK.project, group: 'project', hidden: true, element: <ProjectCreateScreen /> },
  { path: '/project/modify/:id', icon: FolderIcon, title: 'console.screens.projectModify', requireRank: AREA_RANK.project, group: 'project', hidden: true, element: <ProjectModifyScreen /> },
  { path: '/system/terms', icon: GavelIcon, title: 'console.screens.terms', requireRank: AREA_RANK.systemSetting, group: 'systemSetting', element: <ResourceListScreen resource={resourceNamed('terms')} /> },
  { path: '/system/white-domain', icon: DomainIcon, title: 'console.screens.whiteDomain', requireRank: AREA_RANK.systemSetting, group: 'systemSetting', element: <ResourceListScreen resource={resourceNamed('domains')} /> },
  { path: '/system/dashboard-template', icon: DashboardIcon, title: 'console.screens.dashboardTemplate', requireRank: AREA_RANK.systemSetting, group: 'systemSetting', element: <ResourceListScreen resource={resourceNamed('templates')} /> },
  { path: '/system/email-template', icon: EmailIcon, title: 'console.screens.emailTemplate', requireRank: AREA_RANK.systemSetting, group: 'systemSetting', element: <ResourceListScreen resource={resourceNamed('email-templates')} /> },
  { path: '/system/project-property', icon: TuneIcon, title: 'console.screens.projectProperty', requireRank: AREA_RANK.systemSetting, group: 'systemSetting', element: <ResourceListScreen resource={resourceNamed('properties')} /> },
  { path: '/system/alert-mail', icon: NotificationsIcon, title: 'console.screens.alertMail', requireRank: AREA_RANK.systemSetting, group: 'systemSetting', element: <ResourceListScreen resource={resourceNamed('alert-mails')} /> },
  { path: '/data/collect-status', icon: MonitorHeartIcon, title: 'console.screens.collectStatus', requireRank: AREA_RANK.collectData, group: 'collectData', element: <ResourceListScreen resource={resourceNamed('tasks')} /> },
  { path: '/data/collect-metric', icon: CloudDownloadIcon, title: 'console.screens.collectMetric', requireRank: AREA_RANK.collectData, group: 'collectData', element: <ResourceListScreen resource={resourceNamed('collect-configs')} /> },
  { path: '/data/post-metric', icon: CloudUploadIcon, title: 'console.screens.postMetric', requireRank: AREA_RANK.collectData, group: 'collectData', element: <ResourceListScreen resource={resourceNamed('post-configs')} /> },
  { path: '/data/market-account', icon: StorefrontIcon, title: 'console.screens.marketAccount', requireRank: AREA_RANK.collectData, group: 'collectData', element: <ResourceListScreen resource={resourceNamed('market-accounts')} /> },
  { path: '/log/system', icon: ReceiptLongIcon, title: 'console.screens.systemLog', requireRank: AREA_RANK.systemLog, group: 'systemLog', element: <ResourceListScreen resource={resourceNamed('system-logs')} /> },
  { path: '/user/users', icon: PeopleIcon, title: 'console.screens.users', requireRank: AREA_RANK.userManagement, group: 'userManagement', element: <ResourceListScreen resource={resourceNamed('users')} /> },
  { path: '/user/access-history', icon: HistoryIcon, title: 'console.screens.accessHistory', requireRank: AREA_RANK.userManagement, group: 'userManagement', element: <ResourceListScreen resource={resourceNamed('access-history')} /> },
];
