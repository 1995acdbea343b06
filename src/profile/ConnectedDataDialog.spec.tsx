import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { envelope, stubFetch } from '../testing/fetchStub';
import { renderPage } from '../testing/renderPage';
import { ConnectedDataDialog } from './ConnectedDataDialog';
import { CONNECTED_DATA_OPTIONS } from '../testing/profileFixtures';

afterEach(() => vi.unstubAllGlobals());

async function renderEditMode(initialCountries?: string[]) {
  stubFetch((call) => (call.url === '/api/system/connected-data' ? { body: envelope('SUCCESS', CONNECTED_DATA_OPTIONS) } : { status: 404, body: envelope('NOT_FOUND') }));
  const onConnect = vi.fn();
  renderPage(<ConnectedDataDialog mode="edit" onConnect={onConnect} onClose={() => {}} initialCountries={initialCountries} />);
  const dialog = screen.getByRole('dialog', { name: 'Dataset Connection' });
  await within(dialog).findByLabelText('Korea');
  const box = (label: string) => within(dialog).getByRole('checkbox', { name: label }) as HTMLInputElement;
  const connect = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
  return { dialog, onConnect, box, connect };
}

describe('Dataset Connection, edit mode', () => {
  it('offers the two advertisers with the first chosen, under the permissions caption', async () => {
    const { dialog, onConnect, connect } = await renderEditMode();
    expect(within(dialog).getByText('Dataset list based on user permissions')).toBeInTheDocument();
    const radios = within(dialog).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((radio) => [radio.value, radio.checked])).toEqual([
      ['ACME', true],
      ['GLOBEX', false],
    ]);
    connect();
    expect(onConnect).toHaveBeenCalledWith({ countries: [], advertiser: 'ACME' });
  });

  it('returns the chosen leaves (a region checks all its countries) and the radio choice', async () => {
    const { dialog, onConnect, box, connect } = await renderEditMode();
    fireEvent.click(box('Asia Pacific'));
    expect(['Korea', 'Japan', 'Singapore'].map((label) => box(label).checked)).toEqual([true, true, true]);
    fireEvent.click(box('Japan'));
    expect(box('Asia Pacific').checked).toBe(false);
    expect(box('Asia Pacific')).toHaveAttribute('data-indeterminate', 'true');
    fireEvent.click(box('Canada'));
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Globex Retail' }));
    connect();
    expect(onConnect).toHaveBeenCalledWith({ countries: ['KR', 'SG', 'CA'], advertiser: 'GLOBEX' });

    fireEvent.click(box('Asia Pacific'));
    fireEvent.click(box('Asia Pacific'));
    connect();
    expect(onConnect).toHaveBeenLastCalledWith({ countries: ['CA'], advertiser: 'GLOBEX' });
  });

  it('groups each region’s checkboxes under the region’s name, without a tree role', async () => {
    const { dialog } = await renderEditMode();
    expect(within(dialog).queryByRole('tree')).not.toBeInTheDocument();
    const asia = within(dialog).getByRole('group', { name: 'Asia Pacific' });
    expect(
      within(asia)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('name')),
    ).toEqual(['APAC', 'KR', 'JP', 'SG']);
  });

  it('starts from the countries it is given', async () => {
    const { box, onConnect, connect } = await renderEditMode(['US', 'CA']);
    expect(box('North America').checked).toBe(true);
    fireEvent.click(box('United States'));
    connect();
    expect(onConnect).toHaveBeenCalledWith({ countries: ['CA'], advertiser: 'ACME' });
  });
});
