import type { CollectConfig } from '../../src/shared';
import type { Db } from '../db/database';
import type { CollectSource } from './collectors';
import type { SecretBox } from './secret-box';
import { TaskFailure } from './task-failure';

/** The collector's view of a (saved or unsaved) config, with its market account's secret opened. */
export async function collectSourceOf(db: Db, box: SecretBox, config: Pick<CollectConfig, 'sourceType' | 'sourceLocation' | 'sourceMethod' | 'configData' | 'fields'> & { keyName?: string | null; marketAccountId?: number | null }): Promise<CollectSource> {
  let secret: string | null = null;
  if (config.marketAccountId) {
    const account = await db.selectFrom('market_accounts').select(['secret_enc', 'active_flag', 'name']).where('id', '=', config.marketAccountId).executeTakeFirst();
    if (!account) throw new TaskFailure('SOURCE_HTTP_ERROR', 'The market account of this config no longer exists.');
    if (account.active_flag !== 'Y') throw new TaskFailure('SOURCE_HTTP_ERROR', `The market account ${account.name} is inactive.`);
    try {
      secret = account.secret_enc ? box.open(account.secret_enc) : null;
    } catch {
      throw new TaskFailure('SOURCE_HTTP_ERROR', `The secret of market account ${account.name} cannot be read (was JWT_SECRET changed?); enter it again.`);
    }
  }
  return { sourceType: config.sourceType, sourceLocation: config.sourceLocation, sourceMethod: config.sourceMethod, keyName: config.keyName ?? null, secret, configData: config.configData, fields: config.fields };
}
