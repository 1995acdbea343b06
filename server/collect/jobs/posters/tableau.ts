import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { OutboundAnswer, OutboundInit } from '../../../outbound/outbound-fetch';
import { TaskFailure } from '../task-failure';
import { WorkFile, type ChunkSink } from '../work-file';
import type { Poster, PostFile, PostTarget } from './poster';
import { writeStoredZip } from './zip';
import { sentence, type ServerMessage } from '../../../../src/i18n/serverMessage';

const DEFAULT_API_VERSION = '3.21';

const xml = (text: string) => text.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

interface Session {
  base: string;
  token: string;
  siteId: string;
}

/** Signs in with the personal access token (name in targetData.tokenName, secret in targetSecret). */
async function signIn(target: PostTarget): Promise<Session> {
  if (!target.secret) throw new TaskFailure('TARGET_AUTH', sentence('collect.theTableauTargetHasNo'));
  const base = `${target.data.serverUrl.replace(/\/$/, '')}/api/${target.data.apiVersion || DEFAULT_API_VERSION}`;
  const response = await call(
    target,
    `${base}/auth/signin`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ credentials: { personalAccessTokenName: target.data.tokenName, personalAccessTokenSecret: target.secret, site: { contentUrl: target.data.site ?? '' } } }),
      timeoutMs: 30_000,
    },
    sentence('collect.tableauSignIn'),
  );
  if (response.status === 401 || response.status === 403) throw new TaskFailure('TARGET_AUTH', sentence('collect.tableauRefusedTheSignIn', { status: response.status }));
  if (!response.ok) throw new TaskFailure('TARGET_ERROR', sentence('collect.tableauSignInAnsweredHttp', { status: response.status }));
  const body = parsed(response) as { credentials?: { token?: string; site?: { id?: string } } };
  if (!body.credentials?.token || !body.credentials.site?.id) throw new TaskFailure('TARGET_ERROR', sentence('collect.tableauSignInAnsweredWithout'));
  return { base, token: body.credentials.token, siteId: body.credentials.site.id };
}

/** A call to the target's server; the token or secret it carries never follows a redirect to another host. */
async function call(target: PostTarget, url: string, init: Omit<OutboundInit, 'secretHosts'>, step: ServerMessage): Promise<OutboundAnswer> {
  try {
    return await target.outbound.request(url, { ...init, secretHosts: [new URL(url).hostname] });
  } catch (error) {
    throw new TaskFailure('TARGET_ERROR', sentence('collect.tableauCouldNotBeMade', { step, reason: (error as Error).message }));
  }
}

function parsed(response: OutboundAnswer): unknown {
  try {
    return JSON.parse(response.body.toString('utf8'));
  } catch {
    throw new TaskFailure('TARGET_ERROR', sentence('collect.tableauAnsweredHttpWithBytes', { status: response.status, length: response.body.length }));
  }
}

async function signOut(target: PostTarget, session: Session): Promise<void> {
  await call(target, `${session.base}/auth/signout`, { method: 'POST', headers: { 'x-tableau-auth': session.token }, timeoutMs: 10_000 }, sentence('collect.tableauSignOut')).catch(() => undefined);
}

/** Writes a .tdsx to a stream: a text-file data source (.tds) with the CSV file in its Data folder. */
export function writeTdsx(out: ChunkSink, name: string, csv: Pick<PostFile, 'path' | 'bytes' | 'crc'>): Promise<void> {
  const tds = `<?xml version='1.0' encoding='utf-8' ?>
<datasource formatted-name='${xml(name)}' inline='true' version='18.1' xmlns:user='http://www.tableausoftware.com/xml/user'>
  <connection class='federated'>
    <named-connections>
      <named-connection caption='${xml(name)}' name='textscan.1'>
        <connection class='textscan' directory='Data' filename='${xml(name)}.csv' password='' server='' />
      </named-connection>
    </named-connections>
    <relation connection='textscan.1' name='${xml(name)}.csv' table='[${xml(name)}#csv]' type='table' />
  </connection>
</datasource>
`;
  return writeStoredZip(out, [
    { name: `${name}.tds`, content: Buffer.from(tds, 'utf8') },
    { name: `Data/${name}.csv`, path: csv.path, size: csv.bytes, crc: csv.crc },
  ]);
}

/** Publishes the rows as a data source (overwriting), through Tableau's REST API: sign in, publish, sign out. */
export const tableauPoster: Poster = {
  async post(target, file) {
    const session = await signIn(target);
    try {
      const name = target.location;
      const boundary = `console-${randomBytes(12).toString('hex')}`;
      const payload = `<tsRequest><datasource name="${xml(name)}"><project id="${xml(target.data.projectId)}" /></datasource></tsRequest>`;
      // The multipart body is written next to the CSV and streamed from there with its length.
      const bodyPath = `${file.path}.body`;
      const out = await WorkFile.create(bodyPath);
      try {
        await out.write(`--${boundary}\r\nContent-Disposition: name="request_payload"\r\nContent-Type: text/xml\r\n\r\n${payload}\r\n`);
        await out.write(`--${boundary}\r\nContent-Disposition: name="tableau_datasource"; filename="${name.replace(/["\r\n]/g, '_')}.tdsx"\r\nContent-Type: application/octet-stream\r\n\r\n`);
        await writeTdsx(out, name, file);
        await out.close(`\r\n--${boundary}--\r\n`);
      } catch (error) {
        await out.discard();
        throw error;
      }
      const response = await call(
        target,
        `${session.base}/sites/${session.siteId}/datasources?overwrite=true`,
        {
          method: 'POST',
          headers: { 'x-tableau-auth': session.token, 'content-type': `multipart/mixed; boundary=${boundary}`, 'content-length': String((await stat(bodyPath)).size), accept: 'application/json' },
          body: createReadStream(bodyPath),
          timeoutMs: 300_000,
        },
        sentence('collect.tableauPublish'),
      );
      if (response.status === 401 || response.status === 403) throw new TaskFailure('TARGET_AUTH', sentence('collect.tableauRefusedThePublishHttp', { status: response.status }));
      // Status and size only: an error page is not repeated to the admin.
      if (!response.ok) throw new TaskFailure('TARGET_ERROR', sentence('collect.tableauPublishAnsweredHttpBytes', { status: response.status, length: response.body.length.toLocaleString('en-US') }));
      const published = parsed(response) as { datasource?: { id?: string } };
      return { location: `${target.data.serverUrl}#datasource/${published.datasource?.id ?? name}`, meta: { datasourceId: published.datasource?.id } };
    } finally {
      await signOut(target, session);
    }
  },
  async testConnection(target) {
    try {
      await signOut(target, await signIn(target));
      return { ok: true, message: sentence('collect.signedInToTableau') };
    } catch (error) {
      return { ok: false, message: (error as Error).message };
    }
  },
};
