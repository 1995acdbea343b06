import type { AppContext, SignedInAdmin } from '../../context';
import { isoNow } from '../../clock';
import type { Db } from '../../db/database';
import { AppError, validationError } from '../../http/app-error';
import { revokeAllSessions } from '../../auth/sessions';
import { AUTHORITY_RANKS, type AccountStatus, type FieldError, type UserUpdateInput } from '../../../src/shared';
import { accountToChange } from './account-rules';
import { mailSystemAdminRemoved, removalOf, removeSystemAdmin } from './system-admins';
import type { UserScope } from './scope';
import { codeValue, sentence } from '../../../src/i18n/serverMessage';

/** Field errors for codes that do not exist or lie outside what the editor manages. */
async function codeProblems(
  ctx: AppContext,
  scope: UserScope,
  input: Required<Pick<UserUpdateInput, 'regionCode' | 'officeCode' | 'companyCode' | 'countryCodes' | 'dataTypes'>>,
): Promise<FieldError[]> {
  const { db } = ctx;
  const countryCodes = [...new Set([input.officeCode, ...input.countryCodes])];
  const [region, company, countries, advertisers, dataTypes] = await Promise.all([
    db.selectFrom('regions').select('code').where('code', '=', input.regionCode).executeTakeFirst(),
    db.selectFrom('companies').select('code').where('code', '=', input.companyCode).executeTakeFirst(),
    db.selectFrom('countries').select(['code', 'region_code']).where('code', 'in', countryCodes).execute(),
    db.selectFrom('advertisers').select('code').execute(),
    db.selectFrom('data_types').select('code').execute(),
  ]);
  const errors: FieldError[] = [];
  if (!region) errors.push({ field: 'regionCode', message: sentence('auth.chooseARegionFromThe') });
  if (!company) errors.push({ field: 'companyCode', message: sentence('auth.chooseACompanyFromThe') });
  const office = countries.find((country) => country.code === input.officeCode);
  if (!office || office.region_code !== input.regionCode) errors.push({ field: 'officeCode', message: sentence('auth.chooseACountryOfOffice') });
  const unknown = input.countryCodes.filter((code) => !countries.some((country) => country.code === code));
  if (unknown.length) errors.push({ field: 'countryCodes', message: sentence('projects.unknownCountries', { unknown: unknown.join(', ') }) });
  const badPairs = input.dataTypes.filter((pair) => !advertisers.some((row) => row.code === pair.advertiserCode) || !dataTypes.some((row) => row.code === pair.dataTypeCode));
  if (badPairs.length)
    errors.push({ field: 'dataTypes', message: sentence('users.unknownAdvertiserOrDataType', { map: badPairs.map((pair) => `${pair.advertiserCode}/${pair.dataTypeCode}`).join(', ') }) });
  if (errors.length) return errors;
  // An editor cannot place a user, or grant countries, outside what they manage themselves.
  if (scope.kind === 'region') {
    if (input.regionCode !== scope.regionCode) errors.push({ field: 'regionCode', message: sentence('users.youCanOnlyAssignUsers') });
    const outside = countries.filter((country) => country.region_code !== scope.regionCode).map((country) => country.code);
    if (outside.length) errors.push({ field: 'countryCodes', message: sentence('users.outsideYourRegion', { outside: outside.join(', ') }) });
  }
  if (scope.kind === 'countries') {
    const outside = countryCodes.filter((code) => !scope.countryCodes.includes(code));
    if (outside.length) errors.push({ field: outside.includes(input.officeCode) ? 'officeCode' : 'countryCodes', message: sentence('users.notAmongYourCountries', { outside: outside.join(', ') }) });
  }
  return errors;
}

export async function updateUser(ctx: AppContext, caller: SignedInAdmin, scope: UserScope, id: number, input: UserUpdateInput): Promise<void> {
  const target = await accountToChange(ctx.db, caller, scope, id, sentence(input.statusCode === 'INACTIVE' ? 'users.action.deactivate' : 'users.action.edit'));
  const removal = removalOf(target, input);
  const granted = AUTHORITY_RANKS[input.authority];
  if (granted.rank < caller.rank) {
    throw new AppError('FORBIDDEN', sentence('users.youCannotGrantTheLevel', { level: codeValue('accountLevel', granted.level) }), {
      errors: [{ field: 'authority', message: sentence('users.thisLevelIsAboveYour') }],
    });
  }
  const errors = await codeProblems(ctx, scope, input);
  if (errors.length) throw validationError(errors);
  const countryCodes = [...new Set(input.countryCodes)];
  const pairs = [...new Map(input.dataTypes.map((pair) => [`${pair.advertiserCode}\u0000${pair.dataTypeCode}`, pair])).values()];
  const write = async (trx: Db) => {
    await trx
      .updateTable('admins')
      .set({
        authority: input.authority,
        account_rank: granted.rank,
        account_level: granted.level,
        approver_flag: input.approverFlag,
        creator_flag: input.creatorFlag,
        uploader_flag: input.uploaderFlag,
        region_code: input.regionCode,
        office_code: input.officeCode,
        company_code: input.companyCode,
        status_code: input.statusCode,
        updated_at: isoNow(ctx.clock),
      })
      .where('id', '=', id)
      .execute();
    await trx.deleteFrom('admin_countries').where('admin_id', '=', id).execute();
    if (countryCodes.length)
      await trx
        .insertInto('admin_countries')
        .values(countryCodes.map((code) => ({ admin_id: id, country_code: code })))
        .execute();
    await trx.deleteFrom('admin_data_types').where('admin_id', '=', id).execute();
    if (pairs.length) {
      await trx
        .insertInto('admin_data_types')
        .values(pairs.map((pair) => ({ admin_id: id, advertiser_code: pair.advertiserCode, data_type_code: pair.dataTypeCode })))
        .execute();
    }
  };
  const now = isoNow(ctx.clock);
  if (removal) await removeSystemAdmin(ctx.db, caller, write);
  else await ctx.db.transaction().execute(write);
  // Rank, flags and status apply to the user's next call: each instance forgets what it cached.
  await ctx.sessions.changed({ adminId: id });
  if (input.statusCode === 'INACTIVE') await revokeAllSessions(ctx, id, 'DEACTIVATED');
  if (removal) await mailSystemAdminRemoved(ctx, caller, target, removal, now);
}

/** Activates or deactivates; deactivation ends the user's sessions so their next call is refused. */
export async function setStatus(ctx: AppContext, caller: SignedInAdmin, scope: UserScope, id: number, statusCode: AccountStatus): Promise<void> {
  const target = await accountToChange(ctx.db, caller, scope, id, sentence(statusCode === 'INACTIVE' ? 'users.action.deactivate' : 'users.action.activate'));
  const removal = removalOf(target, { statusCode });
  const now = isoNow(ctx.clock);
  const write = async (db: Db) => {
    await db.updateTable('admins').set({ status_code: statusCode, updated_at: now }).where('id', '=', id).execute();
  };
  if (removal) await removeSystemAdmin(ctx.db, caller, write);
  else await write(ctx.db);
  await ctx.sessions.changed({ adminId: id });
  if (statusCode === 'INACTIVE') await revokeAllSessions(ctx, id, 'DEACTIVATED');
  if (removal) await mailSystemAdminRemoved(ctx, caller, target, removal, now);
}
