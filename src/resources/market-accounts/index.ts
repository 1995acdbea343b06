import { lazy } from 'react';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { marketAccountsResource } from '../../shared/resources/market-accounts';
import type { ConsoleResource } from '../ConsoleResource';

/** Ad-platform accounts and their write-only secrets (Collect Data Setting › Market Accounts). */
const marketAccounts: ConsoleResource = {
  name: marketAccountsResource.name,
  listPath: '/data/market-account',
  title: 'console.screens.marketAccount',
  group: 'collectData',
  menuOrder: 40,
  // Its screens are for those who manage it.
  requireRank: marketAccountsResource.rank.write,
  icon: StorefrontIcon,
  list: lazy(() => import('./MarketAccountList').then((module) => ({ default: module.MarketAccountList }))),
  create: lazy(() => import('./MarketAccountCreate').then((module) => ({ default: module.MarketAccountCreate }))),
  edit: lazy(() => import('./MarketAccountEdit').then((module) => ({ default: module.MarketAccountEdit }))),
  show: lazy(() => import('./MarketAccountShow').then((module) => ({ default: module.MarketAccountShow }))),
  recordRepresentation: 'name',
};

export default marketAccounts;
