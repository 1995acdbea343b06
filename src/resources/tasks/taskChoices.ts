import { PROCESS_TYPES, TASK_SCHEDULE_TYPES, TASK_STATUSES } from '../../shared';

const choicesOf = (codes: readonly string[], messages: string) => codes.map((code) => ({ id: code, name: `resources.tasks.${messages}.${code}` }));

/** Filter and chip choices; the names are message keys. */
export const taskStatusChoices = choicesOf(TASK_STATUSES, 'statuses');
export const taskScheduleTypeChoices = choicesOf(TASK_SCHEDULE_TYPES, 'scheduleTypes');
export const processTypeChoices = choicesOf(PROCESS_TYPES, 'processTypes');
