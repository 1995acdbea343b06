import { ArrayInput, DateInput, FormDataConsumer, SelectInput, SimpleFormIterator, TextInput } from 'react-admin';
import { FlagSwitch } from '../../components/FlagSwitch';
import { scheduleTypeChoices, weekDayChoices } from './collectChoices';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * A schedule's inputs keep their own widths (not the form's full width) and wrap onto the next line
 * instead of squeezing each other or widening the form; a phone stacks them.
 */
const wrapsWhenNarrow = { '& .RaSimpleFormIterator-form': { flexWrap: 'wrap' } };

/**
 * The schedules of a collect config: DAILY at a time, HOURLY at a minute, WEEKLY on a day at a
 * time, in a time zone between start and end dates. The shared schema's rules (end before start,
 * weekly without a day, unknown time zone) show their messages on these inputs.
 */
export function ScheduleInputs() {
  return (
    <ArrayInput source="schedules" label={false} helperText="resources.collect-configs.helpers.schedules">
      <SimpleFormIterator inline disableReordering getItemLabel={(index) => `#${index + 1}`} sx={wrapsWhenNarrow}>
        <SelectInput source="scheduleType" defaultValue="DAILY" choices={scheduleTypeChoices} label="resources.collect-configs.fields.scheduleType" fullWidth={false} sx={{ minWidth: 130 }} />
        <TextInput source="scheduledTime" defaultValue="06:00" type="time" label="resources.collect-configs.fields.scheduledTime" sx={{ width: 140 }} />
        <FormDataConsumer>
          {({ scopedFormData }) =>
            scopedFormData?.scheduleType === 'WEEKLY' ? <SelectInput source="scheduledDay" choices={weekDayChoices} label="resources.collect-configs.fields.scheduledDay" fullWidth={false} sx={{ minWidth: 140 }} /> : null
          }
        </FormDataConsumer>
        <TextInput source="timeZone" defaultValue="UTC" label="resources.collect-configs.fields.timeZone" sx={{ width: 180 }} />
        <DateInput source="startAt" defaultValue={today()} label="resources.collect-configs.fields.startAt" fullWidth={false} />
        <DateInput source="endAt" label="resources.collect-configs.fields.endAt" fullWidth={false} />
        <FlagSwitch source="inUse" defaultValue="Y" label="resources.collect-configs.fields.scheduleInUse" />
      </SimpleFormIterator>
    </ArrayInput>
  );
}
