import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext, TestMemoryRouter } from 'react-admin';
import { i18nProvider } from '../providers/i18nProvider';
import { CountryChecklist } from './CountryChecklist';

afterEach(async () => {
  cleanup();
  await i18nProvider.changeLocale('en');
});

const tree = [
  { key: 'APAC', label: 'Asia Pacific', children: [{ key: 'KR', label: 'Korea', children: [] }] },
  { key: 'NORDICS', label: 'Nordics', children: [{ key: 'NO', label: 'Norway', children: [] }] },
];

async function renderIn(locale: 'en' | 'ko') {
  await i18nProvider.changeLocale(locale);
  render(
    <TestMemoryRouter>
      <AdminContext i18nProvider={i18nProvider}>
        <CountryChecklist countryTree={tree} chosen={[]} onChange={() => undefined} />
      </AdminContext>
    </TestMemoryRouter>,
  );
}

describe('CountryChecklist', () => {
  it('names regions and countries as stored for an English reader', async () => {
    await renderIn('en');
    expect(screen.getByRole('group', { name: 'Asia Pacific' })).toBeInTheDocument();
    expect(screen.getByLabelText('Korea')).toBeInTheDocument();
  });

  it("names them in Korean for a Korean reader: shipped regions by the label file, countries by the platform's names, others as stored", async () => {
    await renderIn('ko');
    expect(await screen.findByRole('group', { name: '아시아 태평양' })).toBeInTheDocument();
    expect(screen.getByLabelText('대한민국')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Nordics' })).toBeInTheDocument();
    expect(screen.getByLabelText('노르웨이')).toBeInTheDocument();
    expect(screen.queryByText('Asia Pacific')).not.toBeInTheDocument();
  });
});
