import type { Db } from '../db/database';
import type { SecretBox } from './secret-box';

/** Every column that holds a sealed secret. */
export const SEALED_COLUMNS = [
  { table: 'market_accounts', column: 'secret_enc' },
  { table: 'post_configs', column: 'target_secret_enc' },
  // A queued mail's clear content, kept until it is sent.
  { table: 'mail_outbox', column: 'sealed_mail' },
] as const;

export interface Resealed {
  resealed: number;
  /** `table #id` of values no key opens (they must be entered again). */
  unreadable: string[];
}

/**
 * Re-seals stored secrets under the newest key, in one transaction: `legacy` only the v1 values
 * sealed under the JWT-derived key (done at every startup), `all` every value not yet under the
 * newest key (npm run rotate-secrets, after adding a key to SECRETS_KEY).
 */
export async function resealSecrets(db: Db, box: SecretBox, which: 'legacy' | 'all'): Promise<Resealed> {
  return db.transaction().execute(async (trx) => {
    const result: Resealed = { resealed: 0, unreadable: [] };
    for (const { table, column } of SEALED_COLUMNS) {
      // The two tables differ in type only by the column name; the loop reads them alike.
      const rows = (await trx
        .selectFrom(table)
        .select(['id', `${column} as sealed`] as never)
        .where(column, 'is not', null)
        .execute()) as unknown as { id: number; sealed: string }[];
      for (const row of rows) {
        if (which === 'legacy' ? !row.sealed.startsWith('v1.') : box.isCurrent(row.sealed)) continue;
        let plain: string;
        try {
          plain = box.open(row.sealed);
        } catch {
          result.unreadable.push(`${table} #${row.id}`);
          continue;
        }
        await trx
          .updateTable(table)
          .set({ [column]: box.seal(plain) } as never)
          .where('id', '=', row.id)
          .execute();
        result.resealed++;
      }
    }
    return result;
  });
}
