import { AREA_RANK } from '../ranks';
import { alertMailInput, alertMailListResponse, alertMailResponse, alertMailSchema } from '../alert-mails';
import { text } from './history';
import { declareResource } from './define';

/** Alert Mail: what a failed data-collection task mails, per procedure and error (System Setting). */
export const alertMailsResource = declareResource({
  name: 'alert-mails',
  path: '/alert-mails',
  rank: { read: AREA_RANK.systemSetting, write: AREA_RANK.systemSetting },
  noun: 'alert mail',
  history: { name: (record) => `${text(record.procedure)} ${text(record.errorId)}`.trim() },
  schemas: { input: alertMailInput, record: alertMailSchema, list: alertMailListResponse, one: alertMailResponse },
  list: {
    sortable: ['id', 'procedure', 'errorId', 'subtitle', 'updatedAt', 'createdAt'],
    defaultSort: ['procedure', 'ASC'],
    filters: { id: { kind: 'eq', type: 'integer' }, procedure: { kind: 'eq', type: 'text' }, errorId: { kind: 'eq', type: 'text' } },
    search: ['procedure', 'errorId', 'subtitle', 'content'],
  },
});
