import { describe, expect, it } from 'vitest';
import { AUTHORITIES, AUTHORITY_RANKS } from '../../src/shared';
import { operationsOf, type CrudOperation, type ResourceDeclaration } from '../../src/shared/resources/define';
import { resourcesEn } from '../../src/i18n/resources/index.en';
import { resourcesKo } from '../../src/i18n/resources/index.ko';
import { consoleResources, consoleScreens, RESOURCE_RANK } from '../../src/resources/registry';
import { resourceLabelsEn, resourceLabelsKo } from '../../server/http/resource-labels';
import { type RankAccounts, type TestApp, withRankAccounts } from './harness';

/** Every declaration in src/shared/resources (an export named <name>Resource), found by folder as the server and the browser find theirs. */
const declarations = Object.entries(import.meta.glob<Record<string, unknown>>('../../src/shared/resources/*.ts', { eager: true })).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([name]) => name.endsWith('Resource') && name !== 'declareResource')
    .map(([, declaration]) => ({ file, declaration: declaration as ResourceDeclaration })),
);
/** A resource's labels as react-admin reads them (`resources.<name>`), collected from the label files by folder. */
const labelsOf = (name: string, language: 'en' | 'ko') => ({ en: resourcesEn, ko: resourcesKo })[language][name] as { name?: string; fields?: Record<string, string> } | undefined;

let t: TestApp;
let accounts: RankAccounts;
withRankAccounts((suite) => ({ t, accounts } = suite));

/** The account one rank below `rank` (a higher rank number), if there is one. */
const below = (rank: number) => AUTHORITIES.find((authority) => AUTHORITY_RANKS[authority].rank === rank + 1);
const at = (rank: number) => AUTHORITIES.find((authority) => AUTHORITY_RANKS[authority].rank === rank)!;

/**
 * The API's areas that are no resource, with why: everything else under /api is a declaration's path.
 * A new area is declared, or named here.
 */
const NOT_RESOURCES: Record<string, string> = {
  auth: 'signing in, up and out, codes and passwords',
  files: 'uploaded files, held for the record whose form uses them',
  system: "one's own profile and connected data",
  health: 'the process answers',
  ready: 'the database and mail answer',
  'master-info': 'a read-only lookup of the collected metrics for the upload screen',
  'collect-retention': 'a setting, not records',
  'collect-status': 'a board drawn from tasks',
  events: "a stream of the declared resources' record changes",
};

describe('resource declarations', () => {
  it('declares every API area and every browser resource, or names the area as none', async () => {
    const declared = new Set(declarations.map(({ declaration }) => declaration.path.split('/')[1]));
    const document = (await t.call('GET', '/api/openapi.json')).body as unknown as { paths: Record<string, unknown> };
    const areas = new Set(Object.keys(document.paths).map((path) => path.split('/')[2]));
    expect([...areas].filter((area) => !declared.has(area) && !NOT_RESOURCES[area])).toEqual([]);
    expect(Object.keys(NOT_RESOURCES).filter((area) => declared.has(area) || !areas.has(area))).toEqual([]);
    const names = new Set(declarations.map(({ declaration }) => declaration.name));
    const browser = [...consoleResources.map(({ name }) => name), ...[...consoleResources, ...consoleScreens].flatMap((entry) => entry.apiResources ?? [])];
    expect(browser.filter((name) => !names.has(name))).toEqual([]);
  });

  it('finds the declarations, one per file, each with a name of its own', () => {
    expect(declarations.length).toBeGreaterThanOrEqual(5);
    const names = declarations.map(({ declaration }) => declaration.name);
    expect(new Set(names).size).toBe(names.length);
    for (const { file, declaration } of declarations) expect(file).toBe(`../../src/shared/resources/${declaration.name}.ts`);
  });

  describe.each(declarations.map(({ declaration }) => [declaration.name, declaration] as const))('%s', (name, declaration) => {
    const api = `/api${declaration.path}`;
    const routes: Record<CrudOperation, readonly [string, string]> = {
      list: ['GET', api],
      create: ['POST', api],
      get: ['GET', `${api}/:id`],
      update: ['PUT', `${api}/:id`],
      delete: ['DELETE', `${api}/:id`],
    };
    const declared = new Set(operationsOf(declaration));

    it('has its declared routes on the server and in the OpenAPI document, and none of the others', async () => {
      const document = (await t.call('GET', '/api/openapi.json')).body as unknown as { paths: Record<string, Record<string, unknown> | undefined> };
      for (const [operation, [method, url]] of Object.entries(routes)) {
        const has = declared.has(operation as CrudOperation);
        // hasRoute matches any parameter name (/:adminId for /:id), so only the document, which keeps the names, shows an operation is absent.
        if (has) expect(t.app.hasRoute({ method, url }), `${method} ${url}`).toBe(true);
        expect(document.paths[url.replace(':id', '{id}')]?.[method.toLowerCase()] !== undefined, `${method} ${url} in OpenAPI`).toBe(has);
      }
    });

    it('guards reads and writes with its declared ranks', async () => {
      const { read, write } = declaration.rank;
      // At its rank the call passes the guard (properties then asks for a kind: 400).
      expect([401, 403]).not.toContain((await t.call('GET', api, { token: accounts[at(Math.min(read, 5))].token })).status);
      const reader = below(read);
      if (reader) expect((await t.call('GET', api, { token: accounts[reader].token })).status).toBe(403);
      const writer = below(write);
      const [method, url] = declared.has('create') ? (['POST', api] as const) : declared.has('update') ? (['PUT', `${api}/1`] as const) : [];
      if (writer && method) expect((await t.call(method, url, { token: accounts[writer].token, body: {} })).status).toBe(403);
    });

    it('has a label for itself and each sortable and filtered field in English and Korean', () => {
      const fields = new Set([...declaration.list.sortable, ...Object.keys(declaration.list.filters)].filter((field) => field !== 'id'));
      for (const language of ['en', 'ko'] as const) {
        const catalogue = labelsOf(name, language);
        expect(catalogue?.name, `src/i18n/resources/${name}.${language}.ts`).toBeTruthy();
        for (const field of fields) expect(catalogue?.fields?.[field], `${name}.${language} fields.${field}`).toBeTruthy();
      }
    });

    it("has the same labels on the server as in the browser, and its noun in Korean for the server's messages", () => {
      expect(resourceLabelsEn.messages[name]).toEqual(resourcesEn[name]);
      expect(resourceLabelsKo.messages[name]).toEqual(resourcesKo[name]);
      expect(resourceLabelsKo.nouns[declaration.noun], `export const nouns in src/i18n/resources/*.ko.ts naming '${declaration.noun}'`).toMatch(/[가-힣]/);
    });

    // A resource is a menu entry of its own, or is served to one entry's screens alone (its `apiResources`, as plans are to
    // Project Detail); either way the browser asks for its write rank.
    it('is a browser resource in the menu, or served to a menu entry, under its write rank', () => {
      const own = consoleResources.find((candidate) => candidate.name === name);
      const host = [...consoleResources, ...consoleScreens].find((entry) => entry.apiResources?.includes(name));
      expect(own ?? host, `src/resources/*/index.ts named ${name} or listing it in apiResources`).toBeDefined();
      expect(own && host, `${name} is both a resource and served to another`).toBeFalsy();
      expect(RESOURCE_RANK[name]).toBe(declaration.rank.write);
      const menuPath = own ? own.listPath : 'path' in host! ? host.path : host!.listPath;
      expect(consoleScreens.some((screen) => screen.path === menuPath && !screen.hidden)).toBe(true);
    });
  });
});
