import { z } from 'zod';
import { AREA_RANK } from '../ranks';
import { envelopeOf, listEnvelopeOf } from '../envelope';
import { activeFlag, day, optionalCode } from '../fields';
import { msg } from '../validation-messages';
import { field } from './history';
import { declareResource } from './define';

export const holidayInput = z.strictObject({
  date: day,
  name: z.string().trim().min(1, msg.required).max(100),
  country: optionalCode,
  description: z.string().trim().max(500).nullish(),
  activeFlag: activeFlag.default('Y'),
});

export const holidaySchema = z.object({
  id: z.number(),
  date: z.string(),
  name: z.string(),
  country: z.string().nullable(),
  description: z.string().nullable(),
  activeFlag,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Holiday = z.infer<typeof holidaySchema>;

/** Holidays: date, name, country, description, active. */
export const holidaysResource = declareResource({
  name: 'holidays',
  path: '/holidays',
  rank: { read: AREA_RANK.systemSetting, write: AREA_RANK.systemSetting },
  noun: 'holiday',
  history: { name: field('name') },
  schemas: { input: holidayInput, record: holidaySchema, list: listEnvelopeOf(holidaySchema), one: envelopeOf(holidaySchema) },
  // A year's holidays imported without a country, or switched off together.
  bulkEdit: ['activeFlag', 'country'],
  // A year's holidays, published as a table, brought in at once.
  importable: true,
  list: {
    sortable: ['id', 'date', 'name', 'country', 'activeFlag', 'updatedAt', 'createdAt'],
    defaultSort: ['date', 'DESC'],
    filters: {
      id: { kind: 'eq', type: 'integer' },
      country: { kind: 'eq', type: 'text' },
      activeFlag: { kind: 'eq', type: 'text' },
      dateFrom: { kind: 'fromDay', field: 'date' },
      dateTo: { kind: 'toDay', field: 'date' },
    },
    search: ['name', 'description'],
  },
});
