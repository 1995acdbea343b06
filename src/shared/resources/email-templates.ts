import { AREA_RANK } from '../ranks';
import { emailTemplateInput, emailTemplateListResponse, emailTemplateResponse, emailTemplateSchema } from '../email-templates';
import { field } from './history';
import { declareResource } from './define';

/** The mails the server sends, one active template per type and language (System Setting). */
export const emailTemplatesResource = declareResource({
  name: 'email-templates',
  path: '/email-templates',
  rank: { read: AREA_RANK.systemSetting, write: AREA_RANK.systemSetting },
  noun: 'e-mail template',
  history: { name: field('title') },
  schemas: { input: emailTemplateInput, record: emailTemplateSchema, list: emailTemplateListResponse, one: emailTemplateResponse },
  list: {
    sortable: ['id', 'type', 'language', 'title', 'activeFlag', 'updatedAt', 'createdAt'],
    defaultSort: ['type', 'ASC'],
    natural: ['title'],
    filters: { id: { kind: 'eq', type: 'integer' }, type: { kind: 'eq', type: 'text' }, language: { kind: 'eq', type: 'text' }, activeFlag: { kind: 'eq', type: 'text' } },
    search: ['title', 'body'],
  },
});
