/** react-admin messages of the `domains` resource (resources.domains.*). */
export const domainsEn = {
  name: 'Allowed Domain |||| Allowed Domains',
  fields: {
    domain: 'Domain',
    description: 'Description',
    activeFlag: 'Active',
    createdAt: 'Created',
    updatedAt: 'Updated',
    q: 'Search',
  },
  helpers: {
    domain: 'E-mail addresses at this domain may sign up, e.g. example.com',
  },
  notifications: {
    created: 'Domain %{name} added',
    updated: 'Domain %{name} saved',
    deleted: 'Domain deleted |||| %{smart_count} domains deleted',
  },
};
