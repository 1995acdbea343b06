import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18nProvider } from '../../providers/i18nProvider';
import { envelope, stubFetch } from '../../testing/fetchStub';
import { renderPage } from '../../testing/renderPage';
import { DatasetDialog } from './DatasetDialog';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18nProvider.changeLocale('en');
});

function renderDialog() {
  const { calls } = stubFetch((call) => {
    if (call.url.startsWith('/api/datasets/options')) return { body: envelope('SUCCESS', { dataTypes: [{ code: 'MEDIA', name: 'Media' }] }) };
    return { body: envelope('SUCCESS', { id: 1 }) };
  });
  renderPage(<DatasetDialog open onClose={() => {}} onSaved={() => {}} />);
  return { saves: () => calls.filter((call) => call.method === 'POST') };
}

const dialog = () => screen.getByRole('dialog');
const titleInput = () => within(dialog()).getAllByRole('textbox')[0];

describe('Dataset dialog validation', () => {
  it('says nothing before a save, then clears a message as soon as its field is fixed', async () => {
    const { saves } = renderDialog();
    expect(within(dialog()).queryByText('Title is required.')).not.toBeInTheDocument();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await within(dialog()).findByText('Title is required.')).toBeInTheDocument();
    expect(within(dialog()).getByText('Column name is required.')).toBeInTheDocument();
    fireEvent.change(titleInput(), { target: { value: 'Spring sales' } });
    await waitFor(() => expect(within(dialog()).queryByText('Title is required.')).not.toBeInTheDocument());
    expect(within(dialog()).getByText('Column name is required.')).toBeInTheDocument();
    expect(saves()).toHaveLength(0);
  });

  it('shows the shared rules in Korean, never English or zod text', async () => {
    await i18nProvider.changeLocale('ko');
    renderDialog();
    await userEvent.click(within(dialog()).getByRole('button', { name: '저장' }));
    expect(await within(dialog()).findByText('제목은 필수입니다.')).toBeInTheDocument();
    expect(within(dialog()).getByText('컬럼 이름은 필수입니다.')).toBeInTheDocument();
    expect(within(dialog()).queryByText(/required|Invalid input|expected/i)).not.toBeInTheDocument();
  });
});
