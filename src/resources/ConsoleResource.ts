import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material';
import type { RaRecord } from 'react-admin';
import type { ConsoleMessages } from '../i18n/en';

/**
 * One line of a record's card on a phone: a field of the record shown as text (its `source`), or a
 * component that draws it from the record context with the field components the table uses (code
 * words, ConsoleDateField…). A line's component must hold nothing to click: the card is the link.
 */
export type CardLine = string | ComponentType;

/**
 * How a list shows its records on a phone (react-admin's SimpleList pattern): one card per record
 * with a primary, a secondary and a tertiary line. The card opens the record as a table row's click
 * does; `link` names the place where the row's click is a function of its own (a project's detail).
 */
export interface CardLines {
  primary: CardLine;
  secondary?: CardLine;
  tertiary?: CardLine;
  link?: (record: RaRecord) => { to: string; state?: unknown };
}

/** A section of the menu, named by its message key under `console.menu`. */
export type MenuGroup = keyof ConsoleMessages['menu'];

/** The menu's sections in order. */
export const MENU_GROUPS: readonly MenuGroup[] = ['project', 'systemSetting', 'collectData', 'systemLog', 'userManagement'];

/** Where a screen sits in the menu and who may open it. */
export interface ScreenPlace {
  /** Message key of the screen's title, also its menu label and the top bar's title. */
  title: string;
  group: MenuGroup;
  /** Place within its group's section of the menu, lowest first; spaced by 10 so a new screen fits between. */
  menuOrder: number;
  icon: ComponentType<SvgIconProps>;
  requireRank: number;
}

/** A screen inside the layout at a path of its own. */
export interface ConsoleScreen extends ScreenPlace {
  path: string;
  view: ComponentType;
  /** Reached from another screen (it needs an id or is a sub-step), so not in the menu. */
  hidden?: boolean;
  /** API resources served to this screen alone, under its rank (docs/api.md). */
  apiResources?: string[];
}

/**
 * One react-admin resource of the console, declared once in its folder: its list is the screen at
 * `listPath` (title, menu group, icon and rank), create/edit/show live under react-admin's own
 * `/<name>/…` routes. The route table, the menu and the rank table are built from these (registry.ts).
 */
export interface ConsoleResource extends ScreenPlace {
  /** API and react-admin resource name (docs/api.md). */
  name: string;
  listPath: string;
  list: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
  show?: ComponentType;
  /** Its list's records on a phone, one card each (ConsoleCardList); declared by every resource. */
  cards: CardLines;
  recordRepresentation?: string | ((record: RaRecord) => string);
  /**
   * Whether the activity log records changes to its records, so its show page ends with their
   * history: by default, when it has a create or an edit screen (the server records the writes of
   * every declaration with a `history`); `true` for one changed otherwise (a task's retry).
   */
  history?: boolean;
  /** API resources reached only through this one's screens, under the same rank. */
  apiResources?: string[];
  /** Further screens of this resource at screen paths of their own; they share its menu group, icon and rank. */
  screens?: Pick<ConsoleScreen, 'path' | 'title' | 'view' | 'hidden'>[];
}
