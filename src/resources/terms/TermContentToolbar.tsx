import { AlignmentButtons, ClearButtons, FormatButtons, LinkButtons, ListButtons, QuoteButtons, RichTextInputToolbar } from 'ra-input-rich-text';
import { TermLevelSelect } from './TermLevelSelect';

/** The editor's toolbar without images and colours, which the server's allow-list strips anyway; our own level select (see TermLevelSelect). */
export function TermContentToolbar() {
  return (
    <RichTextInputToolbar>
      <TermLevelSelect />
      <FormatButtons />
      <AlignmentButtons />
      <ListButtons />
      <LinkButtons />
      <QuoteButtons />
      <ClearButtons />
    </RichTextInputToolbar>
  );
}
