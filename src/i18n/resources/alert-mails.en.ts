/** react-admin messages of the `alert-mails` resource (resources.alert-mails.*). */
export const alertMailsEn = {
  name: 'Alert Mail |||| Alert Mails',
  fields: {
    procedure: 'Procedure',
    errorId: 'Error id',
    subtitle: 'Subtitle',
    content: 'Content',
    createdAt: 'Created',
    updatedAt: 'Updated',
    q: 'Search',
  },
  helpers: {
    procedure: 'The data-collection procedure, e.g. collect-meta-ads',
    errorId: 'The error this mail is for, or * for any other error of the procedure',
    placeholders: 'Placeholders: %{list}',
  },
  anyOtherError: 'Any other error',
  notifications: {
    created: 'Alert mail %{name} added',
    updated: 'Alert mail %{name} saved',
    deleted: 'Alert mail deleted |||| %{smart_count} alert mails deleted',
  },
};
