/** react-admin messages of the `email-templates` resource (resources.email-templates.*). */
export const emailTemplatesEn = {
  name: 'E-mail Template |||| E-mail Templates',
  fields: {
    type: 'Type',
    typeId: 'Type id',
    title: 'Title',
    body: 'Body',
    activeFlag: 'Active',
    statements: 'Statements',
    statement: 'Statement',
    attachment: 'Attachment',
    createdAt: 'Created',
    updatedAt: 'Updated',
    q: 'Search',
  },
  types: {
    otp: 'Verification code',
    'signup-request': 'Sign-up request (to approvers)',
    'signup-approved': 'Sign-up approved',
    'password-reset': 'Password reset',
    'account-exists': 'Account exists (sign-up of a registered e-mail)',
    'account-locked': 'Account locked',
    alert: 'Alert (data collection)',
  },
  helpers: {
    placeholders: 'Placeholders for this type: %{list}',
    activeFlag: 'Activating this template retires the active one of the same type.',
  },
  actions: {
    attach: 'Attach file',
    replace: 'Replace file',
    remove: 'Remove file',
  },
  messages: {
    keepsItsType: 'This is the active %{type} template: the console sends those mails from it, so it cannot be deleted or deactivated. To retire it, activate another %{type} template.',
    noAttachment: 'No file',
    refused: '%{name} was not attached: %{reason}',
  },
  delete: {
    title: 'Delete the e-mail template "%{title}"?',
    content: 'It is not the active template of its type, so no mail changes; the template itself cannot be restored.',
  },
  errors: {
    lastActive: 'This is the only active template of its type; the console sends those mails from it. Activate another template of the type first.',
  },
  preview: {
    title: 'Preview',
    subject: 'Subject',
    sample: 'Rendered with sample values; nothing is saved.',
    frame: 'Rendered mail',
    loading: 'Rendering…',
    waiting: 'The preview appears once the required fields are filled in.',
  },
  notifications: {
    created: 'E-mail template %{name} added',
    updated: 'E-mail template %{name} saved',
    deleted: 'E-mail template deleted |||| %{smart_count} e-mail templates deleted',
  },
};
