import { AlignmentButtons, ClearButtons, FormatButtons, LevelSelect, LinkButtons, ListButtons, QuoteButtons, RichTextInputToolbar } from 'ra-input-rich-text';

/** The editor's toolbar without images and colours, which the server's allow-list strips anyway. */
export function TermContentToolbar() {
  return (
    <RichTextInputToolbar>
      <LevelSelect />
      <FormatButtons />
      <AlignmentButtons />
      <ListButtons />
      <LinkButtons />
      <QuoteButtons />
      <ClearButtons />
    </RichTextInputToolbar>
  );
}
