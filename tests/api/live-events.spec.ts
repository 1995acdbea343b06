import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, accountsByRank, signedInAccount, startSiblingApp, type RankAccounts, type TestApp, withTestApp } from './harness';
import { describeEachWritableRecord, editFormOf, firstRecordId, writableDeclarations } from './record-forms';
import { passwordHasher } from '../../server/auth/passwords';
import { seedDemo } from '../../server/ops/demo';
import { isRecordEvent, type RecordEvent } from '../../src/shared';
import { recordReaders } from '../../server/http/record-readers';
import { declarations } from '../../server/http/resource-declarations';
import { operationsOf } from '../../src/shared/resources/define';

/**
 * GET /api/events: a record changed or deleted by one person reaches, within 2 s, every other person
 * who may read it (their GET /:id answers 200) and nobody else, for every declared resource with an
 * update or a delete; across two instances on PostgreSQL too.
 */

let t: TestApp;
let admin: string;
let accounts: RankAccounts;
let base: string;
withTestApp((app) => (t = app));
beforeAll(async () => {
  await seedDemo(t.db, { hasher: passwordHasher(t.config.passwordHash), files: t.app.ctx.files, force: true });
  admin = (await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD)).accessToken;
  accounts = await accountsByRank(t);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

interface Listening {
  events: RecordEvent[];
  /** Resolves with the stream's first event matching, or undefined after `ms`. */
  next(match: (event: RecordEvent) => boolean, ms?: number): Promise<RecordEvent | undefined>;
  close(): void;
}

/** A person's event stream, read as a browser reads it: fetch with the bearer token, its body as it arrives. */
async function listen(url: string, token: string): Promise<Listening> {
  const abort = new AbortController();
  const response = await fetch(`${url}/api/events`, { headers: { authorization: `Bearer ${token}` }, signal: abort.signal });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  expect(response.headers.get('cache-control')).toBe('no-store');
  const events: RecordEvent[] = [];
  const waiters = new Set<() => void>();
  void (async () => {
    const decoder = new TextDecoder();
    let buffered = '';
    try {
      const reader = response.body!.getReader();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        buffered += decoder.decode(chunk.value, { stream: true });
        let end: number;
        while ((end = buffered.indexOf('\n\n')) >= 0) {
          const message = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const data = message.split('\n').find((line) => line.startsWith('data: '));
          const event: unknown = data && JSON.parse(data.slice(6));
          if (data && !isRecordEvent(event)) throw new Error(`not a record change: ${data}`);
          if (isRecordEvent(event)) events.push(event);
          waiters.forEach((wake) => wake());
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  return {
    events,
    next: (match, ms = 2000) =>
      new Promise((resolve) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => (waiters.delete(check), resolve(undefined)), ms);
        waiters.add(check);
        check();
      }),
    close: () => abort.abort(),
  };
}

/** Whether each check had someone who may read the record and someone who may not, by resource and step. */
const audiences: { case: string; readers: number; others: number }[] = [];

describe('the event stream', () => {
  it('needs a signed-in caller', async () => {
    expect((await fetch(`${base}/api/events`)).status).toBe(401);
  });

  it('covers every declared resource with an update or a delete', () => {
    expect(writableDeclarations.length).toBeGreaterThan(10);
  });

  it('asks the guard alone only of resources whose every record reads the same to each rank: no find keeps a record from someone who passes the guard', async () => {
    const readers = recordReaders(t.app.ctx);
    const checked: string[] = [];
    for (const declaration of declarations.filter((one) => readers.get(one.name)?.passes && operationsOf(one).includes('list'))) {
      const api = `/api${declaration.path}`;
      const page = await t.call('GET', `${api}?range=${encodeURIComponent('[0,4]')}`, { token: admin });
      const ids = page.status === 200 ? (page.body.data.list as { id: string | number }[]).map((row) => String(row.id)) : [];
      if (ids.length === 0) continue;
      checked.push(declaration.name);
      for (const [authority, { token }] of Object.entries(accounts)) {
        const statuses = await Promise.all(ids.map(async (id) => (await t.call('GET', `${api}/${encodeURIComponent(id)}`, { token })).status));
        expect(new Set(statuses).size, `${declaration.name} read as ${authority}: ${statuses.join(' ')}`).toBe(1);
      }
    }
    // The demo data has records of nearly every such resource, the read-only ones among them (read before the tests below delete some).
    expect(checked).toEqual(expect.arrayContaining(['domains', 'datasets', 'terms', 'email-templates', 'uploads', 'tasks']));
  });

  describeEachWritableRecord(
    () => ({ t, token: admin, notEmails: Object.values(accounts).map((account) => account.email) }),
    (record) => {
      const { name, operations } = record;

      /** Every rank's person listening, and whether each may read the record now (its GET /:id, rank and scope). */
      async function audience() {
        return Promise.all(
          Object.entries(accounts).map(async ([authority, { token }]) => ({ authority, reads: (await t.call('GET', record.url, { token })).status === 200, stream: await listen(base, token) })),
        );
      }

      /** The people who may read the record are told within 2 s; then, the others have heard nothing of it. */
      async function toldExactly(people: Awaited<ReturnType<typeof audience>>, type: RecordEvent['type']) {
        audiences.push({ case: `${name} ${type}`, readers: people.filter((person) => person.reads).length, others: people.filter((person) => !person.reads).length });
        try {
          const about = (event: RecordEvent) => event.resource === name && event.id === record.id && event.type === type;
          const heard = await Promise.all(people.map(async ({ stream, reads }) => (reads ? (await stream.next(about)) !== undefined : false)));
          // Time for a wrongly told one's event to arrive.
          await new Promise((resolve) => setTimeout(resolve, 300));
          const told = people.filter((person, n) => heard[n] || person.stream.events.some(about)).map((person) => person.authority);
          expect(told, `${name} ${type}`).toEqual(people.filter((person) => person.reads).map((person) => person.authority));
          const event = people.flatMap((person) => person.stream.events).find(about);
          if (event) expect(event).toEqual({ type, resource: name, id: record.id, by: 'System Admin', at: expect.any(String) });
        } finally {
          people.forEach((person) => person.stream.close());
        }
      }

      it.runIf(operations.includes('update'))('tells an update to those who may read the record, and nobody else', async () => {
        const people = await audience();
        const form = await editFormOf(t, admin, name, record.id);
        const saved = await t.call('PUT', record.url, { token: admin, body: form });
        expect(saved.status, JSON.stringify(saved.body)).toBe(200);
        await toldExactly(people, 'updated');
      });

      it.runIf(operations.includes('delete'))('tells a deletion to those who could read the record, and nobody else', async () => {
        const people = await audience();
        const deleted = await t.call('DELETE', record.url, { token: admin });
        // A record others still use is refused (409): nothing was deleted, nobody is told.
        expect([200, 409], JSON.stringify(deleted.body)).toContain(deleted.status);
        if (deleted.status === 200) await toldExactly(people, 'deleted');
        else people.forEach((person) => person.stream.close());
      });
    },
  );

  it('checked people refused by rank or scope as well as readers', () => {
    expect(audiences.every((audience) => audience.readers > 0)).toBe(true);
    // Rank: the list of system settings; scope: a project its rank-5 person has no share of.
    expect(audiences.filter((audience) => audience.others > 0).map((audience) => audience.case)).toEqual(
      expect.arrayContaining(['projects updated', 'projects deleted', 'plans updated', 'domains updated']),
    );
  });

  it('asks the read guard alone where no scope rule keeps records from some of those who pass it, so the checks above hold each way', () => {
    const readers = recordReaders(t.app.ctx);
    const byGuard = writableDeclarations.filter((declaration) => readers.get(declaration.name)?.passes).map((declaration) => declaration.name);
    const byRead = writableDeclarations.filter((declaration) => readers.get(declaration.name) && !readers.get(declaration.name)!.passes).map((declaration) => declaration.name);
    // Plain tables, and stores whose find reads the caller only to sign file links (e-mail templates).
    expect(byGuard).toEqual(expect.arrayContaining(['domains', 'holidays', 'datasets', 'terms', 'properties', 'email-templates']));
    // A scope rule: projects, users, plans, a project's shares, templates.
    expect(byRead).toEqual(expect.arrayContaining(['projects', 'users', 'plans', 'project-shares', 'templates']));
  });

  it('does not tell a person their own change, but tells their other screens signed in elsewhere', async () => {
    const kim = await signedInAccount(t, 'kim.live@example.com', 'system-admin', { first_name: 'Kim', last_name: 'Live' });
    const id = await firstRecordId(t, admin, '/api/holidays');
    const own = await listen(base, kim.token);
    const other = await listen(base, (await t.signIn('kim.live@example.com', 'Passw0rd!')).accessToken);
    try {
      const form = await editFormOf(t, kim.token, 'holidays', id);
      expect((await t.call('PUT', `/api/holidays/${id}`, { token: kim.token, body: form })).status).toBe(200);
      expect(await other.next((event) => event.resource === 'holidays' && event.id === id)).toMatchObject({ type: 'updated', by: 'Kim Live' });
      expect(own.events).toEqual([]);
    } finally {
      own.close();
      other.close();
    }
  });

  it('writes the changes of one moment to a stream together, every one of them', async () => {
    // Records of its own (the cases above delete the demo's), changed at one moment by a bulk edit.
    const ids: string[] = [];
    for (let n = 0; n < 10; n++) {
      const created = await t.call('POST', '/api/domains', { token: admin, body: { domain: `together-${n}.example.com`, activeFlag: 'Y' } });
      expect(created.status).toBe(200);
      ids.push(String(created.body.data.id));
    }
    // The admin's other screen: raw chunks, as each of the server's writes arrives.
    const chunks: string[] = [];
    const stream = new AbortController();
    const response = await fetch(`${base}/api/events`, { headers: { authorization: `Bearer ${(await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD)).accessToken}` }, signal: stream.signal });
    const reading = (async () => {
      const decoder = new TextDecoder();
      const reader = response.body!.getReader();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) chunks.push(decoder.decode(chunk.value));
    })().catch(() => undefined);
    try {
      const edited = await t.call('PATCH', '/api/domains', { token: admin, body: { ids: ids.map(Number), changes: { activeFlag: 'N' } } });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      const told = () =>
        new Set(
          chunks
            .join('')
            .split('\n\n')
            .filter((event) => event.startsWith('data: '))
            .map((event) => String((JSON.parse(event.slice('data: '.length)) as { id: unknown }).id))
            .filter((id) => ids.includes(id)),
        ).size;
      await expect.poll(told, { timeout: 2000 }).toBe(10);
      // One write for the moment, not one per record, however long each record's check as the
      // reader takes on a busy database (the pause runs from hearing the changes, not from their checks).
      expect(chunks.filter((chunk) => chunk.includes('data: '))).toHaveLength(1);
    } finally {
      stream.abort();
      await reading;
    }
  });

  it('ends the stream when its session is signed out', async () => {
    const signedIn = await t.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    const response = await fetch(`${base}/api/events`, { headers: { authorization: `Bearer ${signedIn.accessToken}` } });
    const read = response.text();
    expect((await t.call('POST', '/api/auth/signout', { token: signedIn.accessToken, body: { refreshToken: signedIn.refreshToken } })).status).toBe(200);
    expect(await read).toMatch(/^: open/);
    expect((await fetch(`${base}/api/events`, { headers: { authorization: `Bearer ${signedIn.accessToken}` } })).status).toBe(401);
  });
});

describe('a stopping server', () => {
  it('ends its streams at once, so each browser reconnects to whichever instance answers', async () => {
    const stopping = await startSiblingApp(t, {});
    const url = await stopping.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${url}/api/events`, { headers: { authorization: `Bearer ${admin}` } });
    const ended = response.text();
    const started = performance.now();
    await stopping.close();
    expect(await ended).toMatch(/^: open/);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL database', () => {
  let sibling: Awaited<ReturnType<typeof startSiblingApp>>;
  let siblingUrl: string;
  beforeAll(async () => {
    sibling = await startSiblingApp(t, {});
    siblingUrl = await sibling.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => sibling?.close());

  it('carries a change made through one instance to a subscriber on the other within 2 s', async () => {
    const id = await firstRecordId(t, admin, '/api/holidays');
    const stream = await listen(siblingUrl, accounts['system-admin'].token);
    try {
      const form = await editFormOf(t, admin, 'holidays', id);
      expect((await t.call('PUT', `/api/holidays/${id}`, { token: admin, body: form })).status).toBe(200);
      // Counted from the answer, when the change has committed: the save's own time under load is not the stream's.
      const committed = performance.now();
      expect(await stream.next((event) => event.resource === 'holidays' && event.id === id)).toMatchObject({ type: 'updated', by: 'System Admin' });
      expect(performance.now() - committed).toBeLessThan(2000);
    } finally {
      stream.close();
    }
  });

  it('carries every one of many changes committed at once to the other instance, more than one notification holds', async () => {
    const made = await Promise.all(
      Array.from({ length: 60 }, (_, n) => t.call('POST', '/api/domains', { token: admin, body: { domain: `many-${n}.example.com`, description: 'x'.repeat(100), activeFlag: 'Y' } })),
    );
    expect(made.map((answer) => answer.status)).toEqual(Array(60).fill(200));
    const ids = made.map((answer) => String(answer.body.data.id));
    const stream = await listen(siblingUrl, accounts['system-admin'].token);
    try {
      // Sixty saves within a moment: their notices, about 9 kB, take more than one notification (8,000 bytes at most).
      const saves = made.map((answer) =>
        t.call('PUT', `/api/domains/${String(answer.body.data.id)}`, { token: admin, body: { domain: answer.body.data.domain, description: 'Changed', activeFlag: 'Y' } }),
      );
      expect((await Promise.all(saves)).map((answer) => answer.status)).toEqual(Array(60).fill(200));
      const heard = () => new Set(stream.events.filter((event) => event.type === 'updated' && ids.includes(event.id)).map((event) => event.id)).size;
      await expect.poll(heard, { timeout: 2000 }).toBe(60);
    } finally {
      stream.close();
    }
  });

  it('tells a screen on the other instance of changes in the order they were made', async () => {
    const made = await t.call('POST', '/api/domains', { token: admin, body: { domain: 'in-order-screen.example.com', activeFlag: 'Y' } });
    const id = String(made.body.data.id);
    const stream = await listen(siblingUrl, accounts['system-admin'].token);
    try {
      for (let n = 0; n < 20; n++) {
        const saved = await t.call('PUT', `/api/domains/${id}`, { token: admin, body: { domain: 'in-order-screen.example.com', description: `Change ${n}`, activeFlag: 'Y' } });
        expect(saved.status).toBe(200);
      }
      const times = () => stream.events.filter((event) => event.id === id && event.type === 'updated').map((event) => event.at);
      await expect.poll(() => times().length, { timeout: 2000 }).toBe(20);
      // Each change is checked by a read of its own as the screen's person; those reads may end in any order, the changes are told in theirs.
      expect(times()).toEqual([...times()].sort());
    } finally {
      stream.close();
    }
  });

  it("carries changes to the other instance's bus in the order they were made", async () => {
    const made = await t.call('POST', '/api/domains', { token: admin, body: { domain: 'in-order.example.com', activeFlag: 'Y' } });
    const id = String(made.body.data.id);
    const heard: string[] = [];
    sibling.app.ctx.sessions.bus.onRecord(({ event }) => {
      if (event.id === id && event.type === 'updated') heard.push(event.at);
    });
    for (let n = 0; n < 20; n++) {
      const saved = await t.call('PUT', `/api/domains/${id}`, { token: admin, body: { domain: 'in-order.example.com', description: `Change ${n}`, activeFlag: 'Y' } });
      expect(saved.status).toBe(200);
    }
    await expect.poll(() => heard.length, { timeout: 2000 }).toBe(20);
    expect(heard).toEqual([...heard].sort());
  });

  it('carries a deletion to the other instance only to those who could read the record', async () => {
    const id = await firstRecordId(t, admin, '/api/holidays');
    const reader = await listen(siblingUrl, accounts['system-admin'].token);
    const outsider = await listen(siblingUrl, accounts.user.token);
    const mayRead = (await t.call('GET', `/api/holidays/${id}`, { token: accounts.user.token })).status === 200;
    try {
      expect((await t.call('DELETE', `/api/holidays/${id}`, { token: admin })).status).toBe(200);
      expect(await reader.next((event) => event.id === id && event.type === 'deleted')).toBeDefined();
      expect((await outsider.next((event) => event.id === id && event.type === 'deleted', 500)) !== undefined).toBe(mayRead);
    } finally {
      reader.close();
      outsider.close();
    }
  });
});
