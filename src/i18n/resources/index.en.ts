import { activityEn } from '../activity.en';
import { termsEn } from './terms.en';
import { domainsEn } from './domains.en';
import { templatesEn } from './templates.en';
import { emailTemplatesEn } from './email-templates.en';
import { propertiesEn } from './properties.en';
import { alertMailsEn } from './alert-mails.en';
import { systemLogsEn } from './system-logs.en';
import { usersEn } from './users.en';
import { accessHistoryEn } from './access-history.en';
import { plansEn, projectSharesEn, projectsEn } from './projects.en';
import { marketAccountsEn } from './market-accounts.en';
import { tasksEn } from './tasks.en';
import { collectConfigsEn } from './collect-configs.en';
import { postConfigsEn } from './post-configs.en';
import { datasetsEn, uploadsEn } from './uploads.en';
import { explorerEn } from './explorer.en';

/** Messages of every resource, under react-admin's `resources.<name>` keys. */
export const resourcesEn = {
  terms: termsEn,
  domains: domainsEn,
  templates: templatesEn,
  'email-templates': emailTemplatesEn,
  properties: propertiesEn,
  'alert-mails': alertMailsEn,
  'system-logs': systemLogsEn,
  users: usersEn,
  'access-history': accessHistoryEn,
  projects: projectsEn,
  'project-shares': projectSharesEn,
  plans: plansEn,
  'market-accounts': marketAccountsEn,
  tasks: tasksEn,
  'collect-configs': collectConfigsEn,
  'post-configs': postConfigsEn,
  datasets: datasetsEn,
  uploads: uploadsEn,
  explorer: explorerEn,
  activity: { name: 'Activity |||| Activity', fields: activityEn.fields },
};
