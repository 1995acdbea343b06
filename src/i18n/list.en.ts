/** Messages of the resource lists (console.list.*). */
export const listEn = {
  selectRow: 'Select row %{name}',
  /** The range shown, of a total the server estimated for a large list. */
  aboutRange: '%{from}-%{to} of about %{total}',
  /** The filter form's submit, shown when a keyboard reaches it (filters apply as they change). */
  applyFilters: 'Apply filters',
};
