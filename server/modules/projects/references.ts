import { isOnTableauServer, type FieldError, type ProjectValues } from '../../../src/shared';
import { msg } from '../../../src/shared/validation-messages';
import type { Db } from '../../db/database';
import { validationError } from '../../http/app-error';
import { codeValue, sentence } from '../../../src/i18n/serverMessage';

/**
 * The codes and the template a project names must exist; a template must be active and of the
 * project's data type. A modified project may keep the template it already has, even if retired.
 * A custom dashboard URL must be on the configured Tableau server (`tableauServerUrl`); without one
 * no token is ever minted, so any http(s) URL is kept.
 */
export async function checkProjectReferences(db: Db, input: ProjectValues, tableauServerUrl: string | undefined, currentTemplateId: number | null = null): Promise<void> {
  const errors: FieldError[] = [];
  if (input.dashboardType === 'CUSTOM' && input.dashboardUrl && tableauServerUrl && !isOnTableauServer(input.dashboardUrl, tableauServerUrl)) {
    errors.push({ field: 'dashboardUrl', message: msg.dashboardUrlForeign, params: { server: new URL(tableauServerUrl).origin } });
  }
  const countries = [...new Set(input.dataFilters.countries)];
  const [advertiser, knownCountries, template] = await Promise.all([
    db.selectFrom('advertisers').select('code').where('code', '=', input.advertiser).executeTakeFirst(),
    countries.length ? db.selectFrom('countries').select('code').where('code', 'in', countries).execute() : Promise.resolve([]),
    input.dashboardType === 'TEMPLATE' && input.templateId
      ? db.selectFrom('templates').select(['id', 'name', 'data_type_code', 'status']).where('id', '=', input.templateId).executeTakeFirst()
      : Promise.resolve(undefined),
  ]);
  if (!advertiser) errors.push({ field: 'advertiser', message: sentence('projects.isNotAnAdvertiser', { advertiser: input.advertiser }) });
  const unknown = countries.filter((code) => !knownCountries.some((known) => known.code === code));
  if (unknown.length) errors.push({ field: 'dataFilters.countries', message: sentence('projects.unknownCountries', { unknown: unknown.join(', ') }) });
  if (input.dashboardType === 'TEMPLATE' && input.templateId) {
    if (!template) errors.push({ field: 'templateId', message: sentence('projects.noSuchTemplate') });
    else if (template.status !== 'Y' && template.id !== currentTemplateId) errors.push({ field: 'templateId', message: sentence('projects.theTemplateIsInactiveChoose', { name: template.name }) });
    else if (template.data_type_code !== input.dataType) {
      errors.push({
        field: 'templateId',
        message: sentence('projects.theTemplateIsForProjects', {
          name: template.name,
          data_type_code: codeValue('projectDataType', template.data_type_code),
          dataType: codeValue('projectDataType', input.dataType),
        }),
      });
    }
  }
  if (errors.length) throw validationError(errors);
}
