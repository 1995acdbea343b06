import englishMessages from 'ra-language-english';
import { messages as validationMessages } from '../shared/validation-rules';
import type { PropertyKind } from '../shared/property-kinds';
import { frameEn } from './frame.en';
import { settingsEn } from './settings.en';
import { profileEn } from './profile.en';
import { bulkEditEn, importEn, listEn, viewsEn } from './list.en';
import { resultsEn } from './results.en';
import { schemaEn } from './schema.en';
import { codesEn } from './codes.en';
import { activityEn } from './activity.en';

/** The shared rules keep their messages `as const`; widened here so ko.ts can translate them. */
const specValidationMessages: Record<keyof typeof validationMessages, string> = validationMessages;

/**
 * Every label of the console. App keys live under `console.*`; ko.ts mirrors `consoleMessages`
 * (typed by ConsoleMessages so a missing key is a type error). Areas with many keys keep them in
 * their own `<area>.en.ts` / `<area>.ko.ts` pair.
 */
export const consoleMessages = {
  appTitle: 'Campaign Console',
  menu: {
    project: 'Project',
    systemSetting: 'System Setting',
    collectData: 'Collect Data Setting',
    systemLog: 'System Log',
    userManagement: 'User Management',
  },
  screens: {
    projectList: 'Project List',
    manualUpload: 'Manual Upload',
    dataExplorer: 'Data Explorer',
    projectDetail: 'Project Detail',
    projectCreate: 'Project Create',
    projectModify: 'Project Modify',
    terms: 'Terms',
    domains: 'Allowed Domains',
    dashboardTemplate: 'Dashboard Templates',
    emailTemplate: 'E-mail Templates',
    projectProperty: 'Project Properties',
    alertMail: 'Alert Mail',
    collectStatus: 'Collecting Status',
    collectMetric: 'Collect Metrics',
    postMetric: 'Post Metrics',
    marketAccount: 'Market Accounts',
    systemLog: 'System Log',
    users: 'Users',
    accessHistory: 'Access History',
    activity: 'Activity',
  },
  dateInput: {
    format: 'Format: %{pattern}',
    notADate: 'Enter a real date as YYYY-MM-DD.',
    notADateTime: 'Enter a real date and time as YYYY-MM-DD HH:mm.',
    openCalendar: 'Choose from a calendar',
    timeFormat: '24-hour clock, HH:mm',
  },
  screenError: {
    title: 'This screen stopped working',
    message: 'Something went wrong while drawing it. The menu still works; try again, or go back to the previous page.',
    retry: 'Try again',
  },
  notFound: {
    title: 'Page not found',
    message: 'There is nothing at this address.',
    home: 'Go to the project list',
  },
  permission: {
    title: 'Permission Error',
    message: 'You are not authorized to access request area.',
  },
  fields: {
    email: 'Email',
    password: 'Password',
    newPassword: 'New password',
    confirmPassword: 'Confirm password',
    code: 'Verification code',
    firstName: 'First name',
    lastName: 'Last name',
    company: 'Company',
    region: 'Region',
    office: 'Country of office',
    requestComment: 'Request comment (optional)',
  },
  validation: {
    ...specValidationMessages,
    emailRequired: 'Email is required.',
    required: 'This field is required.',
    requiredTerms: 'Please accept the required terms.',
    schema: schemaEn,
  },
  passwordStrength: {
    label: 'Password strength: %{strength}',
    weak: 'Weak',
    medium: 'Medium',
    strong: 'Strong',
    rules: '%{min} to %{max} characters with a letter, a digit and one of ! @ # $ % ^ & *',
  },
  otp: {
    sent: 'We sent a 6-digit code to %{email}.',
    resent: 'A new code has been sent.',
    remaining: 'Code valid for %{time}',
    expired: 'The code has expired. Send a new one.',
    resend: 'Re-send',
    resendIn: 'Re-send in %{time}',
    next: 'Next',
    back: 'Back',
  },
  terms: {
    heading: 'Terms',
    required: '(required)',
    optional: '(optional)',
    agree: 'I agree to %{title}',
    agreeAndContinue: 'Agree and continue',
    updated: 'Our terms have changed. Please review them to continue.',
    versionSince: 'Version %{version}, in effect since %{date}',
  },
  signIn: {
    title: 'Sign in',
    submit: 'Sign in',
    signUp: 'Sign up',
    forgotPassword: 'Forgot password?',
    codeTitle: 'Enter the verification code',
    initialPasswordTitle: 'Choose your password',
    initialPasswordHelp: 'You signed in with a password you were given. Choose your own to continue; the given one then stops working.',
    initialPasswordSubmit: 'Save and continue',
    /** Why the last session ended, by the 401's reason code (src/shared/session-end.ts). */
    ended: {
      PASSWORD_CHANGED: 'You were signed out because your password was changed. Sign in with the new password.',
      PASSWORD_RESET: 'You were signed out because your password was reset. Sign in with the new password.',
      DEACTIVATED: 'You were signed out because your account was deactivated.',
      SIGNED_OUT: 'You signed out of this session. Sign in again to continue.',
      REFRESH_TOKEN_REUSED: 'Your sign-in was used from somewhere else, so every session of it was ended. Sign in again.',
    },
  },
  signUp: {
    title: 'Sign up',
    steps: { email: 'E-mail', code: 'Verification', details: 'Account details', done: 'Done' },
    sendCode: 'Send code',
    submit: 'Request account',
    doneTitle: 'Request received',
    doneMessage: 'Your account is awaiting approval. You will receive an e-mail once an approver has approved it.',
    haveAccount: 'Already have an account? Sign in',
    choose: 'Choose…',
  },
  newPassword: {
    title: 'Set a new password',
    requestTitle: 'Forgot password',
    requestHelp: 'Enter your e-mail and we will send you a link to set a new password.',
    send: 'Send link',
    linkSent: 'If an account exists for that e-mail, a link to set a new password has been sent.',
    submit: 'Save password',
    saved: 'Your password has been changed.',
    checking: 'Checking the link…',
    linkDead: 'This link was used or has expired.',
    linkDeadHelp: 'A link sets a password once and works for 30 minutes.',
    requestAgain: 'Ask for a new link',
    backToSignIn: 'Back to sign in',
    signIn: 'Sign in',
  },
  frame: frameEn,
  settings: settingsEn,
  profile: profileEn,
  list: listEn,
  views: viewsEn,
  bulkEdit: bulkEditEn,
  import: importEn,
  result: resultsEn,
  codes: codesEn,
  activity: activityEn,
  live: {
    changed: 'Changed by %{name} at %{time}',
    deleted: 'Deleted by %{name} at %{time}',
    review: 'Review',
  },
  versions: {
    title: 'Someone else changed this record',
    changedBy: '%{name} changed this record at %{time}, after you opened it. Nothing of yours was saved yet.',
    changed: 'This record changed after you opened it. Nothing of yours was saved yet.',
    comparison: 'Their values beside yours',
    field: 'Field',
    theirs: 'Their value',
    yours: 'Your unsaved value',
    empty: '(empty)',
    takeTheirs: 'Take theirs and keep editing',
    saveMine: 'Save mine over it',
  },
  /** None: names are stored in English, and an English reader reads them as stored (src/shared/property-names.ts). */
  propertyNames: {} as PropertyWords,
};

export type ConsoleMessages = typeof consoleMessages;

/** Names of Project Properties codes in a reader's language, by table and code. */
export type PropertyWords = Partial<Record<PropertyKind, Readonly<Record<string, string>>>>;

/** The rich-text toolbar's names: ra-input-rich-text falls back to its own English, so Korean had no keys to replace. */
export const tiptapEn = {
  bold: 'Bold',
  italic: 'Italic',
  underline: 'Underline',
  strike: 'Strikethrough',
  code: 'Code',
  link: 'Link',
  list_bulleted: 'Bulleted list',
  list_numbered: 'Numbered list',
  blockquote: 'Blockquote',
  clear_format: 'Clear formatting',
  paragraph: 'Normal text',
  current_level: 'Current level',
  select_level: 'Select level',
  align_left: 'Align left',
  align_right: 'Align right',
  align_center: 'Center',
  align_justify: 'Justify',
  color: 'Color',
  highlight: 'Highlight',
  image: 'Image',
  image_dialog: 'Image URL',
};

/**
 * English without the resources' labels (resources/index.en.ts), which the sign-in page does not
 * draw: src/providers/i18nProvider.ts adds them when the frame or another page loads.
 */
export const enFrame = {
  ...englishMessages,
  // react-admin's toasts say "Element updated": one a resource gives no words of its own says what happened plainly.
  ra: {
    ...englishMessages.ra,
    notification: {
      ...englishMessages.ra.notification,
      updated: 'Changes saved |||| %{smart_count} records saved',
      created: 'Added',
      deleted: 'Deleted |||| %{smart_count} records deleted',
    },
    tiptap: tiptapEn,
  },
  console: consoleMessages,
};
