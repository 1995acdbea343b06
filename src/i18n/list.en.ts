/** Messages of the resource lists (console.list.*). */
export const listEn = {
  selectRow: 'Select row %{name}',
};
