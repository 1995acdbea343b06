import { activityKo as activityWords } from '../activity.ko';
import type { activityEn } from './activity.en';

/** Korean messages of the `activity` resource. */
export const activityKo: typeof activityEn = { name: '활동 |||| 활동', fields: activityWords.fields };
