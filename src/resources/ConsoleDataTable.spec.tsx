import '@testing-library/jest-dom/vitest';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, ResourceContextProvider, ResourceDefinitionContextProvider, TestMemoryRouter, useLocation, type DataProvider } from 'react-admin';
import { i18nProvider } from '../providers/i18nProvider';
import { resourceNamed } from './registry';
import { DomainList } from './domains/DomainList';
import { ProjectList } from './projects/ProjectList';

afterEach(cleanup);

const DOMAINS = [
  { id: 1, domain: 'acme.com', description: 'Acme and its agencies', activeFlag: 'Y', updatedAt: '2026-11-01T09:00:00Z' },
  { id: 2, domain: 'globex.com', description: 'Globex', activeFlag: 'N', updatedAt: '2026-11-02T09:00:00Z' },
];
const PROJECTS = [
  {
    id: 5,
    name: 'Spring launch',
    status: 'ACTIVE',
    dataType: 'MEDIA',
    dataSource: 'API',
    dashboardType: 'TABLEAU',
    ownerCountry: 'KR',
    ownerCountryName: 'Korea',
    startAt: '2026-03-01',
    endAt: '2026-05-31',
    createdAt: '2026-02-01T09:00:00Z',
  },
];

function rowsOf(resource: string): DataProvider {
  const data = resource === 'domains' ? DOMAINS : PROJECTS;
  return { getList: async () => ({ data, total: data.length }) } as unknown as DataProvider;
}

/** Where the app is, and the navigation state it was given (a project's name for the top bar). */
function CurrentPlace() {
  const { pathname, state } = useLocation();
  return (
    <>
      <output data-testid="current-path">{pathname}</output>
      <output data-testid="current-state">{JSON.stringify(state ?? null)}</output>
    </>
  );
}

/** A list as the console registers its resource (record representation, edit and show views). */
function renderList(name: string, list: ReactElement) {
  const { recordRepresentation } = resourceNamed(name);
  const definitions = { [name]: { name, hasList: true, hasEdit: true, hasShow: true, hasCreate: true, recordRepresentation } };
  render(
    <TestMemoryRouter initialEntries={['/list']}>
      <AdminContext dataProvider={rowsOf(name)} i18nProvider={i18nProvider}>
        <ResourceDefinitionContextProvider definitions={definitions}>
          <ResourceContextProvider value={name}>{list}</ResourceContextProvider>
          <CurrentPlace />
        </ResourceDefinitionContextProvider>
      </AdminContext>
    </TestMemoryRouter>,
  );
}

const currentPath = () => screen.getByTestId('current-path').textContent;

describe('records open from the keyboard', () => {
  it('makes the record name a link to what a row click opens, reached by Tab and opened by Enter', async () => {
    renderList('domains', <DomainList />);
    const acme = await screen.findByRole('link', { name: 'acme.com' });
    expect(acme).toHaveAttribute('href', '/domains/1');
    expect(screen.getByRole('link', { name: 'globex.com' })).toHaveAttribute('href', '/domains/2');

    // From the first row's checkbox, the next Tab stop is the record's link.
    screen.getByRole('checkbox', { name: 'Select row acme.com' }).focus();
    await userEvent.tab();
    expect(acme).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(currentPath()).toBe('/domains/1');
  });

  it('still opens the record on a click anywhere in its row', async () => {
    renderList('domains', <DomainList />);
    await userEvent.click(await screen.findByText('Globex'));
    await waitFor(() => expect(currentPath()).toBe('/domains/2'));
  });

  it("links a project to its detail screen with the name the top bar shows, like the row's own click", async () => {
    renderList('projects', <ProjectList />);
    const spring = await screen.findByRole('link', { name: 'Spring launch' });
    expect(spring).toHaveAttribute('href', '/project/detail/5');
    spring.focus();
    await userEvent.keyboard('{Enter}');
    expect(currentPath()).toBe('/project/detail/5');
    expect(JSON.parse(screen.getByTestId('current-state').textContent!)).toEqual({ projectName: 'Spring launch' });
  });
});

describe('row checkboxes', () => {
  it('names each row checkbox after its record and the header one "Select all"', async () => {
    renderList('domains', <DomainList />);
    await screen.findByRole('link', { name: 'acme.com' });
    const names = screen.getAllByRole('checkbox').map((checkbox) => checkbox.getAttribute('aria-label'));
    expect(names).toEqual(['Select all', 'Select row acme.com', 'Select row globex.com']);
  });

  it('selects the row without opening it, by click or by Space', async () => {
    renderList('domains', <DomainList />);
    const acme = await screen.findByRole('checkbox', { name: 'Select row acme.com' });
    await userEvent.click(acme);
    expect(acme).toBeChecked();
    const globex = screen.getByRole('checkbox', { name: 'Select row globex.com' });
    globex.focus();
    await userEvent.keyboard(' ');
    expect(globex).toBeChecked();
    expect(currentPath()).toBe('/list');
    expect(await screen.findByText('2 items selected')).toBeInTheDocument();
  });
});
