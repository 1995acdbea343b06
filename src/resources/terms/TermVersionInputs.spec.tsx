import { beforeAll, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourceContextProvider, SimpleForm } from 'react-admin';
import { renderPage } from '../../testing/renderPage';
import { TermVersionInputs } from './TermVersionInputs';

// ProseMirror scrolls the selection into view when the editor takes focus; jsdom draws nothing, so it has no rectangles.
beforeAll(() => {
  const noRectangles = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects = noRectangles;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
});

function renderInputs() {
  renderPage(
    <ResourceContextProvider value="terms">
      <SimpleForm defaultValues={{ content: '<p>Hello</p>' }} toolbar={false}>
        <TermVersionInputs />
      </SimpleForm>
    </ResourceContextProvider>,
  );
}

describe('term content editor', () => {
  it('names the editable text box by its field label', async () => {
    renderInputs();
    expect(await screen.findByRole('textbox', { name: /Content/ })).toHaveAttribute('contenteditable', 'true');
  });

  it('shows the current text level in the level button’s name and changes it from the menu', async () => {
    renderInputs();
    const user = userEvent.setup();
    const level = await screen.findByRole('button', { name: 'Text level: Normal' });
    expect(level).toHaveTextContent('Normal');
    await user.click(level);
    await user.click(screen.getByRole('menuitem', { name: 'Heading 2' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Text level: Heading 2' })).toHaveTextContent('Heading 2'));
    expect(screen.getByRole('textbox', { name: /Content/ }).querySelector('h2')).toHaveTextContent('Hello');
  });
});

describe('term content toolbar', () => {
  it('leaves focus in the text when Bold is pressed, so keys typed at once are kept, in bold', async () => {
    renderInputs();
    const user = userEvent.setup();
    const text = await screen.findByRole('textbox', { name: /Content/ });
    // ProseMirror finds a click's position from the layout, which jsdom has not: focus the text instead.
    act(() => text.focus());
    const bold = screen.getByRole('button', { name: 'Bold' });
    // tiptap hands focus back to the text only on the next frame: keys typed before it went to the button.
    await user.pointer({ keys: '[MouseLeft>]', target: bold });
    expect(text).toHaveFocus();
    await user.pointer({ keys: '[/MouseLeft]', target: bold });
    await user.keyboard('Bold words');
    await waitFor(() => expect(text.querySelector('strong')).toHaveTextContent('Bold words'));
    expect(bold).toHaveAttribute('aria-pressed', 'true');
  });
});
