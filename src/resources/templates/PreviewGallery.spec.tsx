import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { RecordContextProvider } from 'react-admin';
import { renderPage } from '../../testing/renderPage';
import { PreviewGallery } from './PreviewGallery';

const previews = [
  { fileId: 1, url: '/files/1', originalName: 'front.png' },
  { fileId: 2, url: '/files/2', originalName: 'back.png' },
];

describe('PreviewGallery', () => {
  it('is a list of list items, each with a link that opens its image', () => {
    renderPage(
      <RecordContextProvider value={{ id: 1, previews }}>
        <PreviewGallery />
      </RecordContextProvider>,
    );
    const list = screen.getByRole('list');
    expect([...list.children].map((child) => child.tagName)).toEqual(['LI', 'LI']);
    const items = within(list).getAllByRole('listitem');
    expect(within(items[1]).getByRole('link', { name: 'Open back.png full size' })).toHaveAttribute('href', '/files/2');
  });
});
