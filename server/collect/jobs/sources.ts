import { normalHost, secretMayGoTo, type CollectConfig } from '../../../src/shared';
import type { Db } from '../../db/database';
import type { CollectSource } from './collectors';
import type { SecretBox } from '../../secrets/secret-box';
import { TaskFailure } from './task-failure';

type SourceConfig = Pick<CollectConfig, 'sourceType' | 'sourceLocation' | 'sourceMethod' | 'configData' | 'fields'> & { keyName?: string | null; marketAccountId?: number | null };

/** The host of an API source (its period placeholders filled with a date), or null when it is no URL. */
export function sourceHost(config: Pick<SourceConfig, 'sourceType' | 'sourceLocation'>): string | null {
  if (config.sourceType !== 'API') return null;
  try {
    return normalHost(new URL(config.sourceLocation.replaceAll(/\{\{(from|to)\}\}/g, '2000-01-01')).hostname);
  } catch {
    return null;
  }
}

/** Why the config would send its account's secret to a host the account does not name, or null. */
export function secretHostProblem(config: Pick<SourceConfig, 'sourceType' | 'sourceLocation' | 'keyName'>, account: { name: string; allowedHosts: string[] }): string | null {
  const host = sourceHost(config);
  if (!config.keyName || host === null || secretMayGoTo(account.allowedHosts, host)) return null;
  return `The secret of market account ${account.name} may not be sent to ${host}: add ${host} to the account's secret hosts, or choose another account.`;
}

/** The collector's view of a (saved or unsaved) config, with its market account's secret opened. */
export async function collectSourceOf(db: Db, box: SecretBox, config: SourceConfig): Promise<CollectSource> {
  let secret: string | null = null;
  let secretHosts: string[] = [];
  if (config.marketAccountId) {
    const account = await db.selectFrom('market_accounts').select(['secret_enc', 'allowed_hosts', 'active_flag', 'name']).where('id', '=', config.marketAccountId).executeTakeFirst();
    if (!account) throw new TaskFailure('SOURCE_HTTP_ERROR', 'The market account of this config no longer exists.');
    if (account.active_flag !== 'Y') throw new TaskFailure('SOURCE_HTTP_ERROR', `The market account ${account.name} is inactive.`);
    secretHosts = JSON.parse(account.allowed_hosts) as string[];
    if (account.secret_enc) {
      const problem = secretHostProblem(config, { name: account.name, allowedHosts: secretHosts });
      if (problem) throw new TaskFailure('SOURCE_HTTP_ERROR', problem);
    }
    try {
      secret = account.secret_enc ? box.open(account.secret_enc) : null;
    } catch (error) {
      throw new TaskFailure('SOURCE_HTTP_ERROR', `The secret of market account ${account.name} cannot be read (${(error as Error).message}); enter it again.`);
    }
  }
  return {
    sourceType: config.sourceType,
    sourceLocation: config.sourceLocation,
    sourceMethod: config.sourceMethod,
    keyName: config.keyName ?? null,
    secret,
    secretHosts,
    configData: config.configData,
    fields: config.fields,
  };
}
