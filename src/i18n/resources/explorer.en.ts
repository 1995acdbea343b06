/** react-admin messages of the `explorer` resource (resources.explorer.*). */
export const explorerEn = {
  name: 'Table |||| Tables',
  fields: {
    schema: 'Schema',
    tableName: 'Table name',
    dataType: 'Data type',
    rowCount: 'Rows',
    q: 'Search',
  },
  schemas: {
    master: 'master (collected data)',
    dataset: 'dataset (uploaded data)',
  },
  summary: 'Data type %{dataType} · %{columns} columns · %{rows} row |||| Data type %{dataType} · %{columns} columns · %{rows} rows',
  empty: 'No table to show: nothing has been collected or uploaded yet, or no table holds data you may read.',
  actions: {
    export: 'Export',
  },
};
