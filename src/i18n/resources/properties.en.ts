/** react-admin messages of the `properties` resource (resources.properties.*). */
export const propertiesEn = {
  name: 'Project Property |||| Project Properties',
  fields: {
    kind: 'Kind',
    code: 'Code',
    name: 'Name',
    no: 'Sort no.',
    regionCode: 'Region',
    q: 'Search',
  },
  helpers: {
    code: 'Letters, digits, - or _ (up to 20), stored in upper case; unique within its kind',
    no: 'Lists show lower numbers first',
  },
  titles: {
    create: 'New %{kind}',
    edit: '%{kind} %{code}',
  },
  errors: {
    list: 'The list could not be loaded:',
  },
  notifications: {
    created: 'Property %{name} added',
    updated: 'Property %{name} saved',
    deleted: 'Property deleted |||| %{smart_count} properties deleted',
  },
};
