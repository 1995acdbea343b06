import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { isOnTableauServer, type DashboardToken, type ProjectDetail } from '../../../src/shared';
import type { TableauConfig } from '../../config';
import { AppError } from '../../http/app-error';
import { sentence } from '../../../src/i18n/serverMessage';

/** Tableau accepts Connected App tokens of at most 10 minutes; the browser renews before expiry. */
export const DASHBOARD_TOKEN_TTL_SECONDS = 5 * 60;

/** Tableau's content URL of a name: spaces and punctuation dropped ("Media Overview" → "MediaOverview"). */
export function contentUrlOf(name: string): string {
  return name.replace(/[^\p{L}\p{N}_-]/gu, '');
}

/**
 * The Tableau view of a project: a template project shows sheet `Dashboard` of the workbook
 * published under the template's name; a custom project the view at its dashboard URL, which must
 * be on the configured server (a URL stored before that rule, or before the server changed, gets no token).
 */
export function dashboardViewOf(tableau: TableauConfig, project: Pick<ProjectDetail, 'dashboardType' | 'dashboardUrl' | 'templateName'>): { viewName: string; src: string } {
  const viewsBase = `${tableau.serverUrl}${tableau.site ? `/t/${encodeURIComponent(tableau.site)}` : ''}/views/`;
  if (project.dashboardType === 'CUSTOM' && project.dashboardUrl) {
    if (!isOnTableauServer(project.dashboardUrl, tableau.serverUrl)) {
      throw new AppError('CONFLICT', sentence('projects.thisProjectSDashboardUrl', { origin: new URL(tableau.serverUrl).origin }));
    }
    const url = new URL(project.dashboardUrl);
    const viewName = url.pathname.includes('/views/') ? url.pathname.slice(url.pathname.indexOf('/views/') + 7) : url.pathname.replace(/^\//, '');
    return { viewName: decodeURIComponent(viewName), src: `${url.origin}${url.pathname}` };
  }
  if (!project.templateName) throw new AppError('CONFLICT', sentence('projects.thisProjectHasNoDashboard'));
  const viewName = `${contentUrlOf(project.templateName)}/Dashboard`;
  return { viewName, src: `${viewsBase}${viewName}` };
}

/**
 * A Connected Apps direct-trust JWT (HS256): header kid = secret id and iss = client id; claims
 * iss, aud "tableau", sub = the viewer's Tableau user name, jti, exp and the embed scope.
 */
export async function mintDashboardToken(tableau: TableauConfig, username: string, now: Date, view: { viewName: string; src: string }): Promise<DashboardToken> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = issuedAt + DASHBOARD_TOKEN_TTL_SECONDS;
  const token = await new SignJWT({ scp: ['tableau:views:embed'] })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: tableau.secretId, iss: tableau.clientId })
    .setIssuer(tableau.clientId)
    .setAudience('tableau')
    .setSubject(username)
    .setJti(randomUUID())
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(new TextEncoder().encode(tableau.secretValue));
  return { token, viewName: view.viewName, src: view.src, expiresAt: new Date(expiresAt * 1000).toISOString() };
}
