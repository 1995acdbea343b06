import { lazy } from 'react';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { AREA_RANK } from '../../shared/ranks';
import type { ConsoleResource } from '../ConsoleResource';

/** Ad-platform accounts and their write-only secrets (Collect Data Setting › Market Accounts). */
const marketAccounts: ConsoleResource = {
  name: 'market-accounts',
  listPath: '/data/market-account',
  title: 'console.screens.marketAccount',
  group: 'collectData',
  menuOrder: 40,
  requireRank: AREA_RANK.collectData,
  icon: StorefrontIcon,
  list: lazy(() => import('./MarketAccountList').then((module) => ({ default: module.MarketAccountList }))),
  create: lazy(() => import('./MarketAccountCreate').then((module) => ({ default: module.MarketAccountCreate }))),
  edit: lazy(() => import('./MarketAccountEdit').then((module) => ({ default: module.MarketAccountEdit }))),
  show: lazy(() => import('./MarketAccountShow').then((module) => ({ default: module.MarketAccountShow }))),
  recordRepresentation: 'name',
};

export default marketAccounts;
