import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
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
