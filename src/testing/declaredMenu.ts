import { enFrame } from '../i18n/en';
import { resourcesEn } from '../i18n/resources/index.en';
import { MENU_GROUPS } from '../resources/ConsoleResource';
import { consoleScreens } from '../resources/registry';
import { rankAllows } from '../shared/ranks';

const catalogue = { ...enFrame, resources: resourcesEn };
const english = (key: string) => String(key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue));

/**
 * The menu the registry declares for a person of `rank`, in English: each section's heading → its
 * links, in menu order. Menu tests compare what is drawn with this, so a new resource edits no test list.
 */
export function declaredMenu(rank: number): Record<string, string[]> {
  return Object.fromEntries(
    MENU_GROUPS.map((group) => [
      english(`console.menu.${group}`),
      consoleScreens.filter((screen) => screen.group === group && !screen.hidden && rankAllows(screen.requireRank, rank)).map((screen) => english(screen.title)),
    ]).filter(([, links]) => links.length > 0),
  );
}
