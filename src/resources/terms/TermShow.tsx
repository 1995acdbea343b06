import { EditButton, NumberField, Show, SimpleShowLayout, TextField, TopToolbar } from 'react-admin';
import { ConsoleDeleteButton } from '../ConsoleDeleteButton';
import { ConsoleDateField } from '../../components/ConsoleDateField';
import { ActiveFlagField } from '../../components/ActiveFlagField';
import { TermAgreementsSection } from './TermAgreementsSection';
import { TermContentInEffect } from './TermContentInEffect';
import { TermTypeField } from './TermTypeField';
import { TermVersionsSection } from './TermVersionsSection';

/** A term, its versions and the agreements recorded; versions are published and edited from here. */
export function TermShow() {
  return (
    <Show
      actions={
        <TopToolbar>
          <EditButton />
          <ConsoleDeleteButton />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <TextField source="title" />
        <TermTypeField label="resources.terms.fields.type" />
        <ActiveFlagField label="resources.terms.fields.activeFlag" />
        <TextField source="versionInEffect" />
        <ConsoleDateField source="effectiveAt" showTime />
        <NumberField source="agreementCount" />
        <ConsoleDateField source="updatedAt" showTime />
        <TermContentInEffect label="resources.terms.sections.contentInEffect" />
        <TermVersionsSection label={false} />
        <TermAgreementsSection label={false} />
      </SimpleShowLayout>
    </Show>
  );
}
