import type { FieldError } from '../../src/shared';
import type { Db } from '../db/database';
import { sentence } from '../../src/i18n/serverMessage';

/** The code tables the collect resources reference. */
type CodeTable = 'advertisers' | 'data_types' | 'countries';

/** A field error when `code` is not in its code table. */
export async function unknownCode(db: Db, table: CodeTable, code: string, field: string, label: string): Promise<FieldError[]> {
  const row = await db.selectFrom(table).select('code').where('code', '=', code).executeTakeFirst();
  return row ? [] : [{ field, message: sentence('collect.isNot', { code, label }) }];
}
