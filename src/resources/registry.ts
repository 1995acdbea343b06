import { MENU_GROUPS, type ConsoleResource, type ConsoleScreen } from './ConsoleResource';
import { listScreenOf } from './ResourceListScreen';

/**
 * Every resource of the console, and the screens that are no single resource (datasets: Manual
 * Upload): each folder's index.ts, found by Vite at build time, so a new resource or screen is one
 * folder and no central line. Sorted into menu order (each declares its group and `menuOrder`):
 * the route table, the menu and the rank table below are built from this list.
 */
const registry: (ConsoleResource | ConsoleScreen)[] = Object.values(import.meta.glob<ConsoleResource | ConsoleScreen>('./*/index.ts', { eager: true, import: 'default' })).sort(
  (a, b) => MENU_GROUPS.indexOf(a.group) - MENU_GROUPS.indexOf(b.group) || a.menuOrder - b.menuOrder,
);

const isResource = (entry: ConsoleResource | ConsoleScreen): entry is ConsoleResource => 'name' in entry;

/** A resource's screens: its list at `listPath`, then its further screens, which share its place. */
function screensOf(resource: ConsoleResource): ConsoleScreen[] {
  const { title, group, menuOrder, icon, requireRank } = resource;
  const place = { group, menuOrder, icon, requireRank };
  return [{ path: resource.listPath, title, ...place, view: listScreenOf(resource) }, ...(resource.screens ?? []).map((screen) => ({ ...place, ...screen }))];
}

/** The react-admin resources; App registers each. */
export const consoleResources: ConsoleResource[] = registry.filter(isResource);

/** Every screen inside the layout, in menu order: App's route table, the menu and the top bar's title read it. */
export const consoleScreens: ConsoleScreen[] = registry.flatMap((entry) => (isResource(entry) ? screensOf(entry) : [entry]));

/** Required rank of each API resource (docs/api.md): each resource's own, and those served only through a resource's or screen's views. */
export const RESOURCE_RANK: Readonly<Record<string, number>> = Object.fromEntries(
  registry.flatMap((entry) => [...(isResource(entry) ? [entry.name] : []), ...(entry.apiResources ?? [])].map((name) => [name, entry.requireRank])),
);

export function resourceNamed(name: string): ConsoleResource {
  const resource = consoleResources.find((candidate) => candidate.name === name);
  if (!resource) throw new Error(`Unknown resource ${name}`);
  return resource;
}

/** The screen a path belongs to: a resource's own routes (/terms/3) belong to its list screen. */
export function screenPathOf(pathname: string): string {
  const resource = consoleResources.find(({ name }) => pathname === `/${name}` || pathname.startsWith(`/${name}/`));
  return resource ? resource.listPath : pathname;
}
