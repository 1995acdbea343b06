import { ACTIVITY_SETTINGS } from '../../shared/activity';
import { operationsOf, type ResourceDeclaration } from '../../shared/resources/define';

/** The declarations, found by folder as the server finds them (server/http/resource-declarations.ts); loaded with the Activity screen, never the first. */
const declarations = Object.values(import.meta.glob<Record<string, unknown>>('../../shared/resources/*.ts', { eager: true })).flatMap((exports) =>
  Object.entries(exports)
    .filter(([name]) => name.endsWith('Resource') && name !== 'declareResource')
    .map(([, declaration]) => declaration as ResourceDeclaration),
);

/** What an entry can be about, by the server's rule (server/modules/activity/subjects.ts): each declaration with a `history`, and the settings. */
export const RECORDED_RESOURCES: readonly string[] = [...declarations.filter((declaration) => declaration.history).map((declaration) => declaration.name), ...ACTIVITY_SETTINGS];

/** The rank that edits each resource whose changes can be reverted (a declaration with a `history` and an update), as the server's revert asks it. */
export const REVERT_RANKS: ReadonlyMap<string, number> = new Map(
  declarations.filter((declaration) => declaration.history && operationsOf(declaration).includes('update')).map((declaration) => [declaration.name, declaration.rank.write]),
);

/** The rank that creates each resource whose deletes can be restored (a create and a delete), by the resource its delete entry is about: a share's is its project's. */
export const RESTORE_RANKS: ReadonlyMap<string, number> = new Map(
  declarations
    .filter((declaration) => declaration.history && ['create', 'delete'].every((operation) => operationsOf(declaration).includes(operation as 'create')))
    .map((declaration) => [declaration.name, declaration.rank.write]),
);
