import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, ResourceContextProvider, TestMemoryRouter } from 'react-admin';
import { dataProvider } from '../../providers/dataProvider';
import { i18nProvider } from '../../providers/i18nProvider';
import type { Property } from '../../shared';
import { envelope, stubFetch } from '../../testing/fetchStub';
import { MarketAccountCreate } from './MarketAccountCreate';
import { choose, save, typeInto } from '../../testing/formActions';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CODE_TABLES: Record<string, Property[]> = {
  advertisers: [{ id: 'advertisers:1', kind: 'advertisers', code: 'ACME', name: 'Acme Electronics', no: 1, regionCode: null }],
  countries: [{ id: 'countries:1', kind: 'countries', code: 'KR', name: 'Korea', no: 1, regionCode: null }],
};

function renderCreate() {
  const { calls } = stubFetch((call) => {
    if (call.url.startsWith('/api/properties')) {
      const { kind } = JSON.parse(new URL(call.url, 'http://x').searchParams.get('filter') ?? '{}') as { kind?: string };
      const list = CODE_TABLES[kind ?? ''] ?? [];
      return { body: envelope('SUCCESS', { list, totalCount: list.length, totalPage: 1, currentPage: 1 }) };
    }
    if (call.method === 'POST' && call.url === '/api/market-accounts') return { body: envelope('SUCCESS', { id: 3, ...(call.body as object) }) };
    return { status: 404, body: envelope('NOT_FOUND') };
  });
  render(
    <TestMemoryRouter initialEntries={['/market-accounts/create']}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <ResourceContextProvider value="market-accounts">
          <MarketAccountCreate />
        </ResourceContextProvider>
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { saves: () => calls.filter((call) => call.method === 'POST') };
}

describe('Market account form, secret hosts', () => {
  it('names the hosts the secret may go to, refusing a URL where a host name belongs', async () => {
    const { saves } = renderCreate();
    typeInto('Platform', 'fakeads');
    typeInto('Account ID', 'act-1');
    typeInto('Name', 'Fake Ads KR');
    await choose(screen.getByRole('combobox', { name: /^Advertiser/ }), 'Acme Electronics (ACME)');
    await choose(screen.getByRole('combobox', { name: /^Country/ }), 'Korea (KR)');
    expect(screen.getByText(/With none, the secret is sent nowhere\./)).toBeInTheDocument();

    const hosts = screen.getByRole('combobox', { name: 'Secret hosts' });
    await userEvent.type(hosts, 'https://ads.example.com/v1{Enter}');
    await save();
    expect(await screen.findByText('"https://ads.example.com/v1" is not a bare host name such as api.example.com (no scheme, port or path).')).toBeInTheDocument();
    expect(saves()).toEqual([]);

    await userEvent.click(screen.getByTestId('CancelIcon'));
    await userEvent.type(hosts, 'Ads.Example.com{Enter}');
    await save();
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0].body).toMatchObject({ platform: 'fakeads', allowedHosts: ['Ads.Example.com'] });
  });
});
