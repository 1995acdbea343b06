import { activityKo } from '../activity.ko';
import type { resourcesEn } from './index.en';
import { termsKo } from './terms.ko';
import { domainsKo } from './domains.ko';
import { templatesKo } from './templates.ko';
import { emailTemplatesKo } from './email-templates.ko';
import { propertiesKo } from './properties.ko';
import { alertMailsKo } from './alert-mails.ko';
import { systemLogsKo } from './system-logs.ko';
import { usersKo } from './users.ko';
import { accessHistoryKo } from './access-history.ko';
import { plansKo, projectSharesKo, projectsKo } from './projects.ko';
import { marketAccountsKo } from './market-accounts.ko';
import { tasksKo } from './tasks.ko';
import { collectConfigsKo } from './collect-configs.ko';
import { postConfigsKo } from './post-configs.ko';
import { datasetsKo, uploadsKo } from './uploads.ko';
import { explorerKo } from './explorer.ko';

/** Korean messages of every resource. */
export const resourcesKo: typeof resourcesEn = {
  terms: termsKo,
  domains: domainsKo,
  templates: templatesKo,
  'email-templates': emailTemplatesKo,
  properties: propertiesKo,
  'alert-mails': alertMailsKo,
  'system-logs': systemLogsKo,
  users: usersKo,
  'access-history': accessHistoryKo,
  projects: projectsKo,
  'project-shares': projectSharesKo,
  plans: plansKo,
  'market-accounts': marketAccountsKo,
  tasks: tasksKo,
  'collect-configs': collectConfigsKo,
  'post-configs': postConfigsKo,
  datasets: datasetsKo,
  uploads: uploadsKo,
  explorer: explorerKo,
  activity: { name: '활동 |||| 활동', fields: activityKo.fields },
};
