import { lazy } from 'react';
import EmailIcon from '@mui/icons-material/Email';
import { AREA_RANK } from '../../shared/ranks';
import type { ConsoleResource } from '../ConsoleResource';
import { activeLine, codeLine, joined, ownField } from '../cardLines';

/** The mails the server sends (System Setting › E-mail Templates). Views load on first use. */
const emailTemplates: ConsoleResource = {
  // Written here, not read from the declaration, whose schemas would load zod into the first screen;
  // tests/api/resource-declarations.spec.ts holds the name and the rank to the declaration's.
  name: 'email-templates',
  listPath: '/system/email-template',
  title: 'console.screens.emailTemplate',
  group: 'systemSetting',
  menuOrder: 40,
  // Its screens are for those who manage it.
  requireRank: AREA_RANK.systemSetting,
  icon: EmailIcon,
  list: lazy(() => import('./EmailTemplateList').then((module) => ({ default: module.EmailTemplateList }))),
  cards: {
    primary: 'title',
    secondary: joined(
      ownField(() => import('./EmailTemplateTypeField').then((module) => module.EmailTemplateTypeField)),
      codeLine('mailLanguage', 'language'),
    ),
    tertiary: activeLine(),
  },
  create: lazy(() => import('./EmailTemplateCreate').then((module) => ({ default: module.EmailTemplateCreate }))),
  edit: lazy(() => import('./EmailTemplateEdit').then((module) => ({ default: module.EmailTemplateEdit }))),
  show: lazy(() => import('./EmailTemplateShow').then((module) => ({ default: module.EmailTemplateShow }))),
  recordRepresentation: 'title',
};

export default emailTemplates;
