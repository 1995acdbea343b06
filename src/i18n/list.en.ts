/** Messages of the resource lists (console.list.*). */
export const listEn = {
  selectRow: 'Select row %{name}',
  /** The range shown, of a total the server estimated for a large list. */
  aboutRange: '%{from}-%{to} of about %{total}',
  /** The filter form's submit, shown when a keyboard reaches it (filters apply as they change). */
  applyFilters: 'Apply filters',
  /** A list's export (listExport.tsx): its menu, and what it says while a long one streams. */
  exportCsv: 'CSV',
  exportXlsx: 'Excel (XLSX)',
  exporting: 'Exporting… %{percent}%',
  exportWaiting: 'Exporting…',
};

/** A list's "Edit selected" (console.bulkEdit.*): the fields to change, then how many records change and how. */
export const bulkEditEn = {
  button: 'Edit selected',
  title: 'Edit %{smart_count} selected record |||| Edit %{smart_count} selected records',
  hint: 'Tick the fields to change; the others keep their values.',
  pick: 'Change %{field}',
  next: 'Review',
  back: 'Back',
  confirm: 'Set %{changes} on %{smart_count} %{name}?',
  setTo: '%{field} to %{value}',
  and: ' and ',
  empty: 'empty',
  apply: 'Change %{smart_count} record |||| Change %{smart_count} records',
  changed: '%{smart_count} record changed |||| %{smart_count} records changed',
};

/** Saved views and chosen columns of every list (console.views.*). */
export const viewsEn = {
  button: 'Views',
  none: 'No saved views yet',
  saveCurrent: 'Save current view…',
  saveTitle: 'Save the current filters, sort and columns as a view',
  renameTitle: 'Rename the view',
  name: 'View name',
  rename: 'Rename “%{name}”…',
  delete: 'Delete “%{name}”…',
  deleteTitle: 'Delete the view “%{name}”?',
  deleteContent: 'The list itself does not change; only this saved view is removed, in every browser you use.',
  saved: 'The view “%{name}” is saved.',
  deleted: 'The view “%{name}” is deleted.',
  droppedFilters:
    'The view “%{name}” opened without its filter by %{fields}: this list can no longer be filtered by it. |||| The view “%{name}” opened without its filters by %{fields}: this list can no longer be filtered by them.',
  droppedLastState:
    'The list opened as you last left it, but without its filter by %{fields}: the list no longer offers that filter or its value. |||| The list opened as you last left it, but without its filters by %{fields}: the list no longer offers those filters or their values.',
};

/** A list's "Import" (console.import.*): a CSV file or a pasted table, its rows checked, then created. */
export const importEn = {
  button: 'Import',
  title: 'Import %{name}',
  hint: 'Choose a CSV or XLSX file or paste a table copied from a spreadsheet, of up to %{max} rows. Its first row names the columns: %{fields}. Columns marked * are required.',
  file: 'Choose a CSV or XLSX file',
  xlsxTooLarge: '%{name} is larger than the %{max} one import takes. Split it, or save it as CSV.',
  template: 'Download the template (its header row)',
  fileChosen: 'Read from %{name}',
  paste: 'Or paste the table',
  check: 'Check the rows',
  back: 'Back',
  row: 'Row',
  rows: 'The rows read',
  shown: 'Showing %{shown} of the %{count} rows: those with a problem, then the first of the others.',
  rowProblems: 'Problems of the row',
  leftOut: 'Not imported: %{columns} (left out, set by the console, or read from the code column beside them).',
  notAField: 'not a field',
  chooseField: 'Choose a field',
  leaveOut: 'Leave out',
  ready: 'All %{smart_count} row can be created. |||| All %{smart_count} rows can be created.',
  problems:
    'Nothing can be created while a row has a problem: %{smart_count} row has one. Correct the table and check it again. |||| Nothing can be created while a row has a problem: %{smart_count} rows have one. Correct the table and check it again.',
  fileProblems: 'The table cannot be read as it is:',
  commit: 'Create %{smart_count} record |||| Create %{smart_count} records',
};
