import { ArrayInput, AutocompleteInput, FormDataConsumer, SelectInput, SimpleFormIterator } from 'react-admin';
import { ConsoleDateInput } from '../../components/ConsoleDateInput';
import { formatConsoleDate } from '../../components/ConsoleDateField';
import { ConsoleTimeInput } from '../../components/ConsoleTimeInput';
import { runtimeTimeZone } from '../../shared/date-time';
import { FlagSwitch } from '../../components/FlagSwitch';
import type { ScheduleInput } from '../../shared';
import { scheduleTypeChoices, weekDayChoices } from './collectChoices';
import { ScheduleSentence } from './ScheduleSentence';

/** Today in the browser's zone (a UTC day would still be yesterday in the morning east of Greenwich). */
const today = () => formatConsoleDate(new Date());

/**
 * A schedule's inputs keep their own widths (not the form's full width) and wrap onto the next line
 * instead of squeezing each other or widening the form; a phone stacks them.
 */
const wrapsWhenNarrow = { '& .RaSimpleFormIterator-form': { flexWrap: 'wrap' } };

const minuteChoices = Array.from({ length: 60 }, (_, minute) => {
  const text = String(minute).padStart(2, '0');
  return { id: text, name: text };
});
/** HOURLY keeps the stored HH:MM format and reads only its minutes: the minute picker edits those. */
const minuteOf = (time: unknown) => (typeof time === 'string' ? time.slice(3, 5) : '');
const asHourlyTime = (minute: string) => (minute ? `00:${minute}` : '');

/** Every IANA zone the browser knows, UTC first; a stored zone the list lacks (an old alias) stays choosable. */
const knownZones = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')].map((zone) => ({ id: zone, name: zone }));
/** The same list object on every render (a new one would make the picker start over). */
const zoneChoices = (current: unknown) => (typeof current === 'string' && current && !knownZones.some((zone) => zone.id === current) ? [{ id: current, name: current }, ...knownZones] : knownZones);

/**
 * The schedules of a collect config: DAILY at a time, HOURLY at a minute, WEEKLY on a day at a
 * time, in a searchable time zone between start and end dates, each said in a sentence with its
 * next run. The shared schema's rules (end before start, weekly without a day, unknown time zone)
 * show their messages on these inputs.
 */
export function ScheduleInputs() {
  return (
    <ArrayInput source="schedules" label={false} helperText="resources.collect-configs.helpers.schedules">
      <SimpleFormIterator inline disableReordering getItemLabel={(index) => `#${index + 1}`} sx={wrapsWhenNarrow}>
        <SelectInput source="scheduleType" defaultValue="DAILY" choices={scheduleTypeChoices} label="resources.collect-configs.fields.scheduleType" fullWidth={false} sx={{ minWidth: 130 }} />
        <FormDataConsumer<{ schedules: ScheduleInput[] }>>
          {({ scopedFormData }) => {
            const schedule = scopedFormData as Partial<ScheduleInput> | undefined;
            return (
              <>
                {schedule?.scheduleType === 'HOURLY' ? (
                  <SelectInput
                    source="scheduledTime"
                    choices={minuteChoices}
                    format={minuteOf}
                    parse={asHourlyTime}
                    label="resources.collect-configs.fields.scheduledMinute"
                    fullWidth={false}
                    sx={{ minWidth: 100 }}
                  />
                ) : (
                  <ConsoleTimeInput source="scheduledTime" defaultValue="06:00" label="resources.collect-configs.fields.scheduledTime" sx={{ width: 160 }} />
                )}
                {schedule?.scheduleType === 'WEEKLY' && (
                  <SelectInput source="scheduledDay" choices={weekDayChoices} label="resources.collect-configs.fields.scheduledDay" fullWidth={false} sx={{ minWidth: 140 }} />
                )}
                <AutocompleteInput
                  source="timeZone"
                  // The person's own zone: a schedule is most often meant in the clock they read.
                  defaultValue={runtimeTimeZone()}
                  choices={zoneChoices(schedule?.timeZone)}
                  translateChoice={false}
                  disableClearable
                  label="resources.collect-configs.fields.timeZone"
                  helperText="resources.collect-configs.helpers.timeZone"
                  // Full width inside a fixed-width box: otherwise the text field shrinks to its input's size.
                  fullWidth
                  sx={{ width: 240, maxWidth: '100%' }}
                />
              </>
            );
          }}
        </FormDataConsumer>
        <ConsoleDateInput source="startAt" defaultValue={today()} label="resources.collect-configs.fields.startAt" fullWidth={false} />
        <ConsoleDateInput source="endAt" label="resources.collect-configs.fields.endAt" fullWidth={false} />
        <FlagSwitch source="inUse" defaultValue="Y" label="resources.collect-configs.fields.scheduleInUse" />
        <FormDataConsumer>{({ scopedFormData }) => <ScheduleSentence schedule={scopedFormData as Partial<ScheduleInput> | undefined} />}</FormDataConsumer>
      </SimpleFormIterator>
    </ArrayInput>
  );
}
