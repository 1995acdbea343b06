import { activityKo as activityWords } from '../activity.ko';
import type { activityEn } from './activity.en';

/** Korean messages of the `activity` resource. */
export const activityKo: typeof activityEn = { name: '활동 |||| 활동', fields: activityWords.fields };

/** What the server's messages call one record (the declaration's `noun`), in Korean. */
export const nouns = { activity: '활동' };
