import '@testing-library/jest-dom/vitest';
import { describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach } from 'vitest';
import { AdminContext, HttpError, ResourceContextProvider, TestMemoryRouter, useLocation, type DataProvider, type GetListParams } from 'react-admin';
import { i18nProvider } from '../../providers/i18nProvider';
import type { Property } from '../../shared';
import { PropertyList } from './PropertyList';

afterEach(cleanup);

const REGIONS: Property[] = [
  { id: 'regions:1', kind: 'regions', code: 'APAC', name: 'Asia Pacific', no: 1, regionCode: null },
  { id: 'regions:2', kind: 'regions', code: 'EMEA', name: 'Europe, Middle East & Africa', no: 2, regionCode: null },
];
const COUNTRIES: Property[] = [
  { id: 'countries:1', kind: 'countries', code: 'KR', name: 'Korea', no: 1, regionCode: 'APAC' },
  { id: 'countries:6', kind: 'countries', code: 'GB', name: 'United Kingdom', no: 6, regionCode: 'EMEA' },
];

/** A test dataProvider answering getList per kind, as the server would; `failing` kinds are refused. */
function propertiesProvider({ failing = [] as string[] } = {}) {
  const getList = vi.fn(async (_resource: string, { filter }: GetListParams) => {
    if (failing.includes(filter.kind)) throw new HttpError('INTERNAL_ERROR: The server could not answer.', 500);
    const rows = { regions: REGIONS, countries: COUNTRIES }[filter.kind as string] ?? [];
    return { data: rows, total: rows.length };
  });
  return { getList, dataProvider: { getList } as unknown as DataProvider };
}

function CurrentPath() {
  const { pathname, search } = useLocation();
  return <output data-testid="current-path">{pathname + search}</output>;
}

function renderList(path: string, dataProvider: DataProvider) {
  render(
    <TestMemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <ResourceContextProvider value="properties">
          <PropertyList />
        </ResourceContextProvider>
        <CurrentPath />
      </AdminContext>
    </TestMemoryRouter>,
  );
}

const listedKinds = (getList: ReturnType<typeof propertiesProvider>['getList']) => getList.mock.calls.map(([, params]) => params.filter.kind);

describe('PropertyList', () => {
  it('shows the countries of the tab in ?kind=, with their region names, asking the server for that kind', async () => {
    const { getList, dataProvider } = propertiesProvider();
    renderList('/system/project-property?kind=countries', dataProvider);

    const korea = (await screen.findByText('Korea')).closest('tr')!;
    expect(within(korea).getByText('KR')).toBeInTheDocument();
    expect(await within(korea).findByText('Asia Pacific (APAC)')).toBeInTheDocument();
    expect(screen.getByText('United Kingdom')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Countries' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('columnheader', { name: /Region/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create' })).toHaveAttribute('href', '/properties/create?kind=countries');
    const countryCall = getList.mock.calls.find(([, params]) => params.filter.kind === 'countries')!;
    expect(countryCall[1]).toMatchObject({ sort: { field: 'no', order: 'ASC' }, pagination: { page: 1, perPage: 10 } });
  });

  it('shows an empty kind as an empty table under its tab, with a create link for that kind', async () => {
    const { getList, dataProvider } = propertiesProvider();
    renderList('/system/project-property?kind=companies', dataProvider);

    expect(await screen.findByText('No Project Properties found')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Companies' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('columnheader', { name: /Region/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create' })).toHaveAttribute('href', '/properties/create?kind=companies');
    expect(listedKinds(getList)).toEqual(['companies']);
  });

  it('shows why the list could not load, and the tabs still switch kinds through the URL', async () => {
    const { getList, dataProvider } = propertiesProvider({ failing: ['advertisers'] });
    renderList('/system/project-property?kind=advertisers', dataProvider);

    expect(await screen.findByText(/The list could not be loaded: INTERNAL_ERROR: The server could not answer\./)).toBeInTheDocument();
    expect(screen.queryByText('No Project Properties found')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Regions' }));
    expect(await screen.findByText('Asia Pacific')).toBeInTheDocument();
    expect(screen.getByTestId('current-path')).toHaveTextContent('/system/project-property?kind=regions');
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();
    expect(listedKinds(getList)).toContain('regions');
  });
});
