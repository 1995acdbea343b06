import { describe, expect, it } from 'vitest';
import { MENU_DEPTH_CAP, visibleMenuItems, type MenuItem } from './menuModel';
import { appMenu } from './appMenu';
import { consoleScreens } from '../resources/registry';

/** A chain of `depth` nested sections ending in one leaf. */
function chain(depth: number): MenuItem[] {
  let items: MenuItem[] = [{ key: 'leaf', label: 'leaf', to: '/leaf' }];
  for (let level = depth - 1; level >= 0; level -= 1) items = [{ key: `section-${level}`, label: 'section', items }];
  return items;
}

const depthOf = (items: MenuItem[]): number => (items.length === 0 ? 0 : 1 + Math.max(...items.map((item) => depthOf(item.items ?? []))));

describe('menu model', () => {
  it('keeps a tree within the depth cap whole', () => {
    expect(depthOf(visibleMenuItems(chain(MENU_DEPTH_CAP - 1), 1))).toBe(MENU_DEPTH_CAP);
  });

  it('cuts a tree deeper than the depth cap and drops the headings left empty', () => {
    expect(visibleMenuItems(chain(MENU_DEPTH_CAP), 1)).toEqual([]);
    expect(visibleMenuItems(chain(500), 1)).toEqual([]);
  });

  it('has one entry per screen of the registry, so a new resource is one folder', () => {
    const leaves = appMenu.flatMap((section) => section.items ?? []);
    expect(leaves.map((leaf) => leaf.to)).toEqual(consoleScreens.map((screen) => screen.path));
    expect(leaves.filter((leaf) => leaf.hidden).map((leaf) => leaf.to)).toEqual(['/project/detail/:id', '/project/create', '/project/modify/:id']);
  });
});
