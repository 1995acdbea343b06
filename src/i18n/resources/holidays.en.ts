/** react-admin messages of the `holidays` resource (resources.holidays.*). */
export const holidaysEn = {
  name: 'Holiday |||| Holidays',
  title: 'Holidays',
  fields: {
    date: 'Date',
    name: 'Name',
    country: 'Country',
    description: 'Description',
    activeFlag: 'Active',
    dateFrom: 'Date from',
    dateTo: 'Date to',
    createdAt: 'Created',
    updatedAt: 'Updated',
    q: 'Search',
  },
  notifications: {
    created: 'Holiday %{name} added',
    updated: 'Holiday %{name} saved',
    deleted: 'Holiday deleted |||| %{smart_count} holidays deleted',
  },
};
