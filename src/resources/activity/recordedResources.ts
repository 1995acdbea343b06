import { ACTIVITY_SETTINGS } from '../../shared/activity';
import type { ResourceDeclaration } from '../../shared/resources/define';

/** The declarations, found by folder as the server finds them (server/http/resource-declarations.ts); loaded with the Activity screen, never the first. */
const declarations = Object.values(import.meta.glob<Record<string, unknown>>('../../shared/resources/*.ts', { eager: true })).flatMap((exports) =>
  Object.entries(exports)
    .filter(([name]) => name.endsWith('Resource') && name !== 'declareResource')
    .map(([, declaration]) => declaration as ResourceDeclaration),
);

/** What an entry can be about, by the server's rule (server/modules/activity/subjects.ts): each declaration with a `history`, and the settings. */
export const RECORDED_RESOURCES: readonly string[] = [...declarations.filter((declaration) => declaration.history).map((declaration) => declaration.name), ...ACTIVITY_SETTINGS];
