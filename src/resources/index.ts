import type { ConsoleResource } from './ConsoleResource';
import domains from './domains';
import users from './users';
import accessHistory from './access-history';
import properties from './properties';
import terms from './terms';
import templates from './templates';
import emailTemplates from './email-templates';
import alertMails from './alert-mails';
import systemLogs from './system-logs';
import projects from './projects';
import marketAccounts from './market-accounts';
import tasks from './tasks';
import collectConfigs from './collect-configs';
import postConfigs from './post-configs';
import explorer from './explorer';

/** Every react-admin resource of the console; App registers each, appRoutes shows each list. */
export const consoleResources: ConsoleResource[] = [projects, domains, properties, terms, templates, systemLogs, emailTemplates, alertMails, users, accessHistory, marketAccounts, collectConfigs, postConfigs, tasks, explorer];

export function resourceNamed(name: string): ConsoleResource {
  const resource = consoleResources.find((candidate) => candidate.name === name);
  if (!resource) throw new Error(`Unknown resource ${name}`);
  return resource;
}

/** The SPEC §2 screen a path belongs to: a resource's own routes (/domains/3) belong to its list screen. */
export function screenPathOf(pathname: string): string {
  const resource = consoleResources.find(({ name }) => pathname === `/${name}` || pathname.startsWith(`/${name}/`));
  return resource ? resource.listPath : pathname;
}
