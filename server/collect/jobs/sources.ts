import { normalHost, secretMayGoTo, type CollectConfig } from '../../../src/shared';
import type { Db } from '../../db/database';
import type { CollectSource } from './collectors';
import type { SecretBox } from '../../secrets/secret-box';
import { TaskFailure } from './task-failure';
import { sentence, type ServerMessage } from '../../../src/i18n/serverMessage';

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
export function secretHostProblem(config: Pick<SourceConfig, 'sourceType' | 'sourceLocation' | 'keyName'>, account: { name: string; allowedHosts: string[] }): ServerMessage | null {
  const host = sourceHost(config);
  if (!config.keyName || host === null || secretMayGoTo(account.allowedHosts, host)) return null;
  return sentence('collect.theSecretOfMarketAccount', { name: account.name, host, host2: host });
}

/** The collector's view of a (saved or unsaved) config, with its market account's secret opened. */
export async function collectSourceOf(db: Db, box: SecretBox, config: SourceConfig): Promise<CollectSource> {
  let secret: string | null = null;
  let secretHosts: string[] = [];
  if (config.marketAccountId) {
    const account = await db.selectFrom('market_accounts').select(['secret_enc', 'allowed_hosts', 'active_flag', 'name']).where('id', '=', config.marketAccountId).executeTakeFirst();
    if (!account) throw new TaskFailure('SOURCE_AUTH', sentence('collect.theMarketAccountOfThis'));
    if (account.active_flag !== 'Y') throw new TaskFailure('SOURCE_AUTH', sentence('collect.theMarketAccountIsInactive', { name: account.name }));
    secretHosts = JSON.parse(account.allowed_hosts) as string[];
    if (account.secret_enc) {
      const problem = secretHostProblem(config, { name: account.name, allowedHosts: secretHosts });
      if (problem) throw new TaskFailure('SOURCE_REFUSED', problem);
    }
    try {
      secret = account.secret_enc ? box.open(account.secret_enc) : null;
    } catch (error) {
      throw new TaskFailure('SOURCE_AUTH', sentence('collect.theSecretOfMarketAccount2', { name: account.name, reason: (error as Error).message }));
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
