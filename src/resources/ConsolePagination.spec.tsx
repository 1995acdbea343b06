import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext, DataTable, ResourceContextProvider, TestMemoryRouter, type DataProvider } from 'react-admin';
import { i18nProvider } from '../providers/i18nProvider';
import { ConsoleList } from './ConsoleList';

afterEach(cleanup);

const ROWS = Array.from({ length: 10 }, (_, index) => ({ id: index + 1, name: `Row ${index + 1}` }));

function renderList(total: number, totalIsEstimate: boolean) {
  const dataProvider = { getList: async () => ({ data: ROWS, total, ...(totalIsEstimate ? { meta: { totalIsEstimate } } : {}) }) } as unknown as DataProvider;
  render(
    <TestMemoryRouter initialEntries={['/rows']}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <ResourceContextProvider value="rows">
          <ConsoleList perPage={10} exporter={false}>
            <DataTable bulkActionButtons={false}>
              <DataTable.Col source="name" />
            </DataTable>
          </ConsoleList>
        </ResourceContextProvider>
      </AdminContext>
    </TestMemoryRouter>,
  );
}

describe('list totals', () => {
  it('says "about" of a total the server estimated', async () => {
    renderList(123_456, true);
    expect(await screen.findByText('1-10 of about 123,456')).toBeInTheDocument();
  });

  it('gives an exact total as it is', async () => {
    renderList(42, false);
    expect(await screen.findByText('1-10 of 42')).toBeInTheDocument();
    expect(screen.queryByText(/about/)).not.toBeInTheDocument();
  });
});
