/** react-admin messages of the `email-templates` resource (resources.email-templates.*). */
export const emailTemplatesEn = {
  name: 'E-mail Template |||| E-mail Templates',
  fields: {
    type: 'Type',
    typeId: 'Type id',
    language: 'Language',
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
    otp: 'Sign-in code',
    'signup-request': 'Sign-up request (to approvers)',
    'signup-approved': 'Sign-up approved',
    'password-reset': 'Password reset',
    'account-exists': 'Account exists (sign-up of a registered e-mail)',
    'account-locked': 'Account locked',
    alert: 'Alert (data collection)',
    'signup-code': 'Sign-up code',
    'profile-code': 'Password change code (profile)',
    'project-shared': 'Project shared',
    'password-changed': 'Password changed',
  },
  /** The languages a template is written in (code set mailLanguage). */
  languages: {
    en: 'English',
    ko: 'Korean',
  },
  /** Which mails a type's template writes, under the type input: an edit changes these and no other. */
  sentWhen: {
    otp: 'Sent with the code of every sign-in. Only sign-in uses it: sign-up and the profile have their own code mails.',
    'signup-request': 'Sent to the approvers when someone asks for an account.',
    'signup-approved': 'Sent to a new user when their account is approved.',
    'password-reset': 'Sent with the link of "Forgot password?" and of a reset a user manager starts.',
    'account-exists': 'Sent instead of the sign-up code when the address already has an account.',
    'account-locked': 'Sent when too many failed sign-ins lock an account.',
    alert: 'Sent to the alert recipients when a data-collection task fails.',
    'signup-code': 'Sent with the code that confirms the e-mail address at sign-up. Only sign-up uses it.',
    'profile-code': 'Sent with the code asked for before changing the password in the profile. Only that check uses it.',
    'project-shared': 'Sent to a colleague when a project is shared with them.',
    'password-changed': 'Sent to the owner when their password is changed in the profile or set by a reset link.',
  },
  helpers: {
    placeholders: 'Placeholders for this type: %{list}',
    activeFlag: 'Activating this template retires the active one of the same type and language.',
    language: 'Mails to a person who reads the console in this language are written from it. A type without an active Korean template sends Korean readers its active English one.',
    statements: 'Statements are extra paragraphs added below the body, in this order, each with an optional attached file (a guide, the terms). They may use the same placeholders as the body.',
  },
  actions: {
    attach: 'Attach file',
    replace: 'Replace file',
    remove: 'Remove file',
  },
  messages: {
    keepsItsType:
      'This is the active English %{type} template: the console sends those mails from it to every reader without an active template in their language, so it cannot be deleted or deactivated. To retire it, activate another English %{type} template.',
    noAttachment: 'No file',
    refused: '%{name} was not attached: %{reason}',
  },
  delete: {
    title: 'Delete the e-mail template "%{title}"?',
    content: 'It is not the active template of its type, so no mail changes; the template itself cannot be restored.',
    fallback: 'Readers of %{language} then get the active English template of its type. The template itself cannot be restored.',
  },
  errors: {
    lastActive: 'This is the only active English template of its type; the console sends those mails from it. Activate another English template of the type first.',
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
