// Every link the server hands out for the browser to open without the Bearer header stands for an API
// call by the person it was made for: at every use their session must still be live and they must
// still have the right, and an export works once. The link routes are read from the OpenAPI document
// and the code, so a new one without a case here fails this file.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { OTP_TOKEN_HEADER, type Authority } from '../../src/shared';
import { LINK_KINDS, type LinkKind } from '../../server/links';
import { ADMIN_EMAIL, ADMIN_PASSWORD, otpToken, signedInAccount, startSiblingApp, type TestApp, withTestApp } from './harness';
import { projectBody, seedTemplate } from './projects-fixtures';
import { createDataset, postFile, settled } from './uploads-support';

let t: TestApp;
let admin: string;
let datasetId: number;
let project: { id: number; owner: string };

withTestApp((app) => (t = app));
beforeAll(async () => {
  admin = (await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD)).accessToken;
  datasetId = await createDataset(t, admin);
  const owner = await signedInAccount(t, 'owner@example.com', 'user', { creator_flag: 'Y' });
  const created = await t.call('POST', '/api/projects', { token: owner.token, body: projectBody(await seedTemplate(t, 'Links board', 'MEDIA'), { name: 'Linked project' }) });
  expect(created.status).toBe(200);
  project = { id: created.body.data.id, owner: owner.token };
});

type Person = { id: number; email: string; token: string; share?: number };

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('png body')]);

async function uploadFile(token: string, purpose: string, fileName: string) {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), fileName);
  const encoded = new Response(form);
  const reply = await t.call('POST', '/api/files', { token, body: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': encoded.headers.get('content-type')! } });
  expect(reply.status).toBe(200);
  return reply.body.data as { fileId: string; url: string };
}

async function ok(reply: Promise<{ status: number; body: { result: string } }>) {
  const answer = await reply;
  expect(answer.body.result, JSON.stringify(answer.body)).toBe('SUCCESS');
}

const grantUploader = (person: Person) => ok(t.call('POST', '/api/manual-permissions', { token: admin, body: { adminId: person.id, privType: 'UPLOADER' } }));
const revokeUploader = (person: Person) => ok(t.call('DELETE', `/api/manual-permissions/${person.id}`, { token: admin }));
/**
 * A change to a rank-1 account. No one may edit or deactivate an account of their own level, and rank
 * 1 is the top, so it is written to the database and published as the account editor publishes its changes.
 */
async function changeTopAccount(person: Person, change: { authority?: Authority; status_code?: string }) {
  await t.db.updateTable('admins').set(change).where('id', '=', person.id).execute();
  await t.app.ctx.sessions.changed({ adminId: person.id });
}
const lowerRank = (person: Person) => changeTopAccount(person, { authority: 'user' });

/**
 * How each kind of link is asked for, by whom, and how that person's right to it is taken away
 * through the API. Files have no right beyond a live session of an active account (any signed-in
 * account reads a stored file by Bearer too), so their case takes nothing else away.
 */
interface LinkCase {
  name: string;
  authority: Authority;
  /** Gives the fresh account what the link needs (a permission, a share). */
  prepare?(person: Person): Promise<void>;
  ask(person: Person): Promise<string>;
  revoke?(person: Person): Promise<void>;
}

const CASES: Record<LinkKind, LinkCase[]> = {
  file: [{ name: 'a stored file', authority: 'user', ask: async (person) => (await uploadFile(person.token, 'template-preview', 'shown.png')).url }],
  'upload-original': [
    {
      name: "an upload's original",
      authority: 'user',
      prepare: grantUploader,
      async ask(person) {
        const posted = await postFile(t, person.token, datasetId, 'day.csv', 'date,campaign_id,channel,impressions\n2026-01-01,c1,search,1\n');
        expect(posted.status).toBe(200);
        const upload = await settled(t, person.token, posted.body.data.id);
        return (await t.call('GET', `/api/uploads/${upload.id}`, { token: person.token })).body.data.fileUrl;
      },
      revoke: revokeUploader,
    },
  ],
  'activity-export': [
    {
      name: 'the whole activity log (rank 1)',
      authority: 'system-admin',
      ask: async (person) => (await t.call('POST', '/api/activity/export', { token: person.token, body: { filter: {} } })).body.data.url,
      revoke: lowerRank,
    },
    {
      name: "a shared project's history",
      authority: 'user',
      async prepare(person) {
        const shared = await t.call('POST', '/api/project-shares', { token: project.owner, body: { projectId: project.id, email: person.email, privilege: 'VIEWER' } });
        expect(shared.status).toBe(200);
        person.share = shared.body.data.id;
      },
      ask: async (person) => (await t.call('POST', '/api/activity/export', { token: person.token, body: { filter: { resource: 'projects', recordId: String(project.id) } } })).body.data.url,
      revoke: (person) => ok(t.call('DELETE', `/api/project-shares/${person.share}`, { token: project.owner })),
    },
  ],
  'system-logs-export': [
    {
      name: 'the system log',
      authority: 'system-admin',
      ask: async (person) => (await t.call('POST', '/api/system-logs/export', { token: person.token, body: { filter: {} } })).body.data.url,
      revoke: lowerRank,
    },
  ],
  'explorer-export': [
    {
      name: "a dataset's rows",
      authority: 'user',
      prepare: grantUploader,
      ask: async (person) => (await t.call('POST', `/api/explorer/dataset-${datasetId}/export`, { token: person.token, body: {} })).body.data.url,
      revoke: revokeUploader,
    },
  ],
};

let people = 0;
async function personFor(linkCase: LinkCase): Promise<Person> {
  const person: Person = await signedInAccount(t, `link-${++people}@example.com`, linkCase.authority);
  await linkCase.prepare?.(person);
  return person;
}

const open = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** What ends a person's standing, and the answer their link then gets. */
const ENDINGS: { name: string; status: number; result: string; end(person: Person, linkCase: LinkCase): Promise<void> }[] = [
  { name: 'after sign-out', status: 401, result: 'ADMIN_ACCESS_TOKEN_NOT_MATCHED', end: (person) => ok(t.call('POST', '/api/auth/signout', { token: person.token })) },
  {
    name: 'after a password change in another session',
    status: 401,
    result: 'ADMIN_ACCESS_TOKEN_NOT_MATCHED',
    async end(person) {
      const elsewhere = (await t.signIn(person.email, 'Passw0rd!')).accessToken;
      const proof = await otpToken(t, elsewhere, person.email);
      await ok(t.call('PUT', '/api/auth/admin/password-change', { token: elsewhere, headers: { [OTP_TOKEN_HEADER]: proof }, body: { password: 'Passw0rd!', changePassword: 'N3wPass0rd!' } }));
    },
  },
  {
    name: 'after the account is disabled',
    status: 401,
    result: 'ADMIN_ACCESS_TOKEN_NOT_MATCHED',
    end: (person, linkCase) =>
      linkCase.authority === 'system-admin'
        ? changeTopAccount(person, { status_code: 'INACTIVE' })
        : ok(t.call('PUT', `/api/users/${person.id}/status`, { token: admin, body: { statusCode: 'INACTIVE' } })),
  },
  { name: 'after the right is taken away', status: 403, result: 'FORBIDDEN', end: (person, linkCase) => linkCase.revoke!(person) },
];

describe('the link routes', () => {
  it('are the operations of the OpenAPI document that take a ?token=, each with its cases here', async () => {
    type Operation = { parameters?: { in: string; name: string }[]; security?: Record<string, string[]>[] };
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
      components: { securitySchemes: Record<string, { type: string; in?: string; name?: string }> };
    };
    // A ?token= is a query parameter of its own or a security scheme read from the query (the download link's).
    const tokenSchemes = Object.entries(document.components.securitySchemes)
      .filter(([, scheme]) => scheme.in === 'query' && scheme.name === 'token')
      .map(([name]) => name);
    expect(tokenSchemes.length).toBeGreaterThan(0);
    const takesToken = (operation: Operation) =>
      Boolean(operation.parameters?.some((parameter) => parameter.in === 'query' && parameter.name === 'token')) ||
      Boolean(operation.security?.some((requirement) => tokenSchemes.some((scheme) => scheme in requirement)));
    const withToken = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => takesToken(operation))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(withToken.sort()).toEqual(
      Object.values(LINK_KINDS)
        .map((kind) => kind.route)
        .sort(),
    );
    for (const kind of Object.keys(LINK_KINDS)) expect(CASES[kind as LinkKind].length, kind).toBeGreaterThan(0);
  });

  it('are signed in one place: no other server code signs a proof for a link or writes a ?token=', () => {
    const root = join(import.meta.dirname, '../../server');
    const files = (readdirSync(root, { recursive: true }) as string[]).filter((file) => file.endsWith('.ts')).map((file) => file.replaceAll('\\', '/'));
    const signing = files.filter((file) => readFileSync(join(root, file), 'utf8').includes('signProof('));
    // Sign-in and sign-up proofs are handed to the browser's next call, never opened as a link.
    expect(signing.sort()).toEqual(['auth/signin-routes.ts', 'auth/signup-routes.ts', 'auth/tokens.ts', 'links/index.ts']);
    const tokenInUrl = files.filter((file) => /\?token=\$\{/.test(readFileSync(join(root, file), 'utf8')));
    expect(tokenInUrl).toEqual(['links/index.ts']);
  });
});

for (const [kind, cases] of Object.entries(CASES) as [LinkKind, LinkCase[]][]) {
  for (const linkCase of cases) {
    describe(`${kind}: ${linkCase.name}`, () => {
      it('opens without the Bearer header while its person may read it', async () => {
        const person = await personFor(linkCase);
        const url = await linkCase.ask(person);
        expect(url).toMatch(/\?token=/);
        expect((await open(url)).statusCode).toBe(200);
      });

      for (const ending of ENDINGS) {
        if (ending.status === 403 && !linkCase.revoke) continue;
        it(`is refused ${ending.name}`, async () => {
          const person = await personFor(linkCase);
          const url = await linkCase.ask(person);
          await ending.end(person, linkCase);
          const refused = await open(url);
          expect(refused.statusCode, refused.body).toBe(ending.status);
          expect(refused.json().result).toBe(ending.result);
        });
      }

      if (LINK_KINDS[kind].singleUse) {
        it('works once: a second use is refused, with or without someone else’s credentials', async () => {
          const person = await personFor(linkCase);
          const url = await linkCase.ask(person);
          expect((await open(url)).statusCode).toBe(200);
          const again = await open(url);
          expect(again.statusCode).toBe(410);
          expect(again.json().result).toBe('LINK_USED');
          expect((await open(url, { authorization: `Bearer ${admin}` })).statusCode).toBe(410);
        });
      } else {
        it('shows its file again for its hour, and never opens another file', async () => {
          const person = await personFor(linkCase);
          const url = await linkCase.ask(person);
          expect((await open(url)).statusCode).toBe(200);
          expect((await open(url)).statusCode).toBe(200);
          const other = url.replace(/\/(\d+|[0-9a-f-]{36})(\/|\?)/, (_, id: string, next: string) => `/${/^\d+$/.test(id) ? Number(id) + 1000 : '00000000-0000-0000-0000-000000000000'}${next}`);
          expect((await open(other)).statusCode).toBe(401);
        });
      }

      it('refuses a forged or tampered token as not valid', async () => {
        const person = await personFor(linkCase);
        const url = await linkCase.ask(person);
        const tampered = url.replace(/token=([^&]+)/, (_, token: string) => `token=${token.slice(0, -3)}abc`);
        for (const bad of [tampered, url.replace(/token=[^&]+/, 'token=forged')]) {
          const refused = await open(bad);
          expect(refused.statusCode).toBe(401);
          expect(refused.json().result).toBe('TOKEN_UNAUTHORIZED');
        }
      });
    });
  }
}

describe('an export link on several instances', () => {
  it('is refused on a second instance once the first has opened it: the used ids are in the database', async () => {
    const other = await startSiblingApp(t, {});
    try {
      const linkCase = CASES['system-logs-export'][0];
      const url = await linkCase.ask(await personFor(linkCase));
      expect((await open(url)).statusCode).toBe(200);
      const elsewhere = await other.app.inject({ method: 'GET', url });
      expect(elsewhere.statusCode).toBe(410);
      expect(elsewhere.json().result).toBe('LINK_USED');
    } finally {
      await other.close();
    }
  });
});

describe('a history a lower rank reads', () => {
  it('holds no working file link: the template history keeps what the files are, not keys to them', async () => {
    const preview = await uploadFile(admin, 'template-preview', 'kv.png');
    const second = await uploadFile(admin, 'template-preview', 'kv2.png');
    const created = await t.call('POST', '/api/templates', { token: admin, body: { name: 'History board', dataType: 'MEDIA', description: 'With previews', previews: [{ fileId: preview.fileId }] } });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    await ok(
      t.call('PUT', `/api/templates/${id}`, { token: admin, body: { name: 'History board', dataType: 'MEDIA', description: 'With previews', status: 'Y', previews: [{ fileId: second.fileId }] } }),
    );
    const reader = await signedInAccount(t, 'history-reader@example.com', 'user');
    const history = await t.call('GET', `/api/activity?filter=${encodeURIComponent(JSON.stringify({ resource: 'templates', recordId: String(id) }))}`, { token: reader.token });
    expect(history.status).toBe(200);
    expect(history.body.data.list.length).toBeGreaterThan(0);
    expect(JSON.stringify(history.body.data)).toContain(second.fileId);
    expect(JSON.stringify(history.body.data)).not.toContain('token=');
    // The reader's own read of the template gives them links of their own, which work.
    const shown = await t.call('GET', `/api/templates/${id}`, { token: reader.token });
    expect((await open(shown.body.data.previews[0].url)).statusCode).toBe(200);
  });
});
