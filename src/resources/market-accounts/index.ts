import { lazy } from 'react';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { AREA_RANK } from '../../shared/ranks';
import type { ConsoleResource } from '../ConsoleResource';
import { activeLine, joined, propertyLine } from '../cardLines';

/** Ad-platform accounts and their write-only secrets (Collect Data Setting › Market Accounts). */
const marketAccounts: ConsoleResource = {
  // Written here, not read from the declaration, whose schemas would load zod into the first screen;
  // tests/api/resource-declarations.spec.ts holds the name and the rank to the declaration's.
  name: 'market-accounts',
  listPath: '/data/market-account',
  title: 'console.screens.marketAccount',
  group: 'collectData',
  menuOrder: 40,
  // Its screens are for those who manage it.
  requireRank: AREA_RANK.collectData,
  icon: StorefrontIcon,
  list: lazy(() => import('./MarketAccountList').then((module) => ({ default: module.MarketAccountList }))),
  cards: { primary: 'name', secondary: joined('platform', 'accountId'), tertiary: joined(propertyLine('advertisers', 'advertiser'), propertyLine('countries', 'country'), activeLine()) },
  create: lazy(() => import('./MarketAccountCreate').then((module) => ({ default: module.MarketAccountCreate }))),
  edit: lazy(() => import('./MarketAccountEdit').then((module) => ({ default: module.MarketAccountEdit }))),
  show: lazy(() => import('./MarketAccountShow').then((module) => ({ default: module.MarketAccountShow }))),
  recordRepresentation: 'name',
};

export default marketAccounts;
