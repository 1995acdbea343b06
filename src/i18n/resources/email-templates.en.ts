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
    'otp': 'Verification code',
    'signup-request': 'Sign-up request (to approvers)',
    'signup-approved': 'Sign-up approved',
    'password-reset': 'Password reset',
    'account-exists': 'Account exists (sign-up of a registered e-mail)',
    'account-locked': 'Account locked',
    'alert': 'Alert (data collection)',
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
    noAttachment: 'No file',
    refused: '%{name} was not attached: %{reason}',
  },
  preview: {
    title: 'Preview',
    subject: 'Subject',
    sample: 'Rendered with sample values; nothing is saved.',
    frame: 'Rendered mail',
    loading: 'Rendering…',
  },
};
