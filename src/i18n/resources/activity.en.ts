import { activityEn as activityWords } from '../activity.en';

/** react-admin messages of the `activity` resource (a record's history): its fields are labelled as the activity screen labels them. */
export const activityEn = { name: 'Activity |||| Activity', fields: activityWords.fields };
