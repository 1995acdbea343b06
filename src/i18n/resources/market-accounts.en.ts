/** react-admin messages of the `market-accounts` resource (resources.market-accounts.*). */
export const marketAccountsEn = {
  name: 'Market Account |||| Market Accounts',
  fields: {
    platform: 'Platform',
    accountId: 'Account ID',
    name: 'Name',
    advertiser: 'Advertiser',
    country: 'Country',
    secret: 'Secret',
    secretSet: 'Secret',
    allowedHosts: 'Secret hosts',
    activeFlag: 'Active',
    createdAt: 'Created',
    updatedAt: 'Updated',
    q: 'Search',
  },
  helpers: {
    platform: 'The ad platform, e.g. GOOGLE_ADS or META',
    allowedHosts: 'The only hosts the secret is sent to, e.g. graph.facebook.com (press Enter after each). With none, the secret is sent nowhere.',
  },
  secret: {
    set: 'Set',
    unset: 'Not set',
    newHelper: 'Write-only: once saved it is never shown again.',
    keepHelper: 'A secret is stored. Leave empty to keep it; type to replace it.',
    unsetHelper: 'No secret is stored. Type one to store it.',
  },
  noHosts: 'None: the secret is sent nowhere',
  codeTableError: 'The list could not be loaded. Reload the page to try again.',
  notifications: {
    created: 'Market account %{name} added',
    updated: 'Market account %{name} saved',
    deleted: 'Market account deleted |||| %{smart_count} market accounts deleted',
  },
};
