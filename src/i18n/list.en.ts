/** Messages of the resource lists (console.list.*). */
export const listEn = {
  selectRow: 'Select row %{name}',
  /** The range shown, of a total the server estimated for a large list. */
  aboutRange: '%{from}-%{to} of about %{total}',
};
