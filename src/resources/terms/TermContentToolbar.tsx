import type { MouseEvent } from 'react';
import { AlignmentButtons, ClearButtons, FormatButtons, LinkButtons, ListButtons, QuoteButtons, RichTextInputToolbar } from 'ra-input-rich-text';
import { TermLevelSelect } from './TermLevelSelect';

/**
 * A press on a toolbar button would move focus to the button, and tiptap gives it back to the text
 * only on the next animation frame, so keys typed in between (right after pressing Bold) went to
 * the button and were lost. Keeping focus in the text makes the buttons act at once. Menus and
 * dialogs the buttons open are portals outside this element and still take focus.
 */
function keepFocusInText(event: MouseEvent<HTMLElement>) {
  if (event.currentTarget.contains(event.target as Node)) event.preventDefault();
}

/** The editor's toolbar without images and colours, which the server's allow-list strips anyway; our own level select (see TermLevelSelect). */
export function TermContentToolbar() {
  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- only keeps focus in the text; the buttons inside are the controls
    <div onMouseDown={keepFocusInText}>
      <RichTextInputToolbar>
        <TermLevelSelect />
        <FormatButtons />
        <AlignmentButtons />
        <ListButtons />
        <LinkButtons />
        <QuoteButtons />
        <ClearButtons />
      </RichTextInputToolbar>
    </div>
  );
}
