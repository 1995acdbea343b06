/** react-admin messages of the `terms` resource (resources.terms.*). */
export const termsEn = {
  name: 'Term |||| Terms',
  fields: {
    title: 'Title',
    type: 'Type',
    activeFlag: 'Active',
    versionInEffect: 'Version in effect',
    effectiveAt: 'Effective from',
    versionCount: 'Versions',
    agreementCount: 'Agreements',
    createdAt: 'Created',
    updatedAt: 'Updated',
    q: 'Search',
    detailId: 'Detail ID',
    termsVersion: 'Version',
    status: 'Status',
    content: 'Content',
  },
  types: {
    POST: 'Optional',
    REQUIRED: 'Required',
  },
  status: {
    IN_EFFECT: 'In effect',
    SCHEDULED: 'Scheduled',
    SUPERSEDED: 'Superseded',
  },
  agreements: {
    email: 'E-mail',
    name: 'Name',
    termsVersion: 'Version',
    agreedAt: 'Agreed at',
    empty: 'Nobody has agreed to this term yet.',
  },
  levels: {
    current: 'Text level: %{level}',
    paragraph: 'Normal',
    heading1: 'Heading 1',
    heading2: 'Heading 2',
    heading3: 'Heading 3',
  },
  sections: {
    firstVersion: 'First version',
    contentInEffect: 'Content in effect',
    versions: 'Versions',
    agreements: 'Agreements',
  },
  helpers: {
    type: 'Required terms must be accepted at sign-up, and again at the next sign-in whenever a new version takes effect.',
    activeFlag: 'Inactive terms are neither offered at sign-up nor asked for at sign-in.',
    termsVersion: 'A label unique within this term, e.g. 1.0',
    effectiveAt: 'Now or later. The newest version whose date has passed is the one in effect.',
    versions: 'Versions are published and edited from the term’s page.',
  },
  actions: {
    publish: 'Publish a new version',
    edit: 'Edit',
    editAsNew: 'Edit as a new version',
  },
  dialogs: {
    publish: 'New version of %{title}',
    edit: 'Edit version %{version}',
    editAsNew: 'New version based on %{version}',
    reacceptance:
      'This term is required: once this version takes effect, %{smart_count} person must accept it at their next sign-in before going on. |||| This term is required: once this version takes effect, %{smart_count} people must accept it at their next sign-in before going on.',
    takenEffect:
      'Version %{version} has already taken effect and people may have agreed to it, so it is never changed. Saving publishes your changes as a new version: give it its own label and an effective date from now on.',
  },
  notifications: {
    created: "Term '%{name}' added",
    updated: "Term '%{name}' saved",
    deleted: 'Term deleted |||| %{smart_count} terms deleted',
    published: 'Version %{version} has been published.',
    saved: 'Version %{version} has been saved.',
    replaced: 'Version %{previous} was kept unchanged; your changes were published as version %{version}.',
  },
};
