import { createHash } from 'node:crypto';
import { startFakeServer, sendJson, type FakeServer } from './http-server';

export interface FakeGcs extends FakeServer {
  /** Stored objects by `bucket/name`. */
  objects: Map<string, Buffer>;
}

/** The split of a multipart/related upload body: [metadata JSON, content]. */
function multipartParts(body: Buffer, contentType: string): Buffer[] {
  const boundary = /boundary="?([^";]+)"?/.exec(contentType)?.[1];
  if (!boundary) return [];
  const parts: Buffer[] = [];
  const delimiter = Buffer.from(`--${boundary}`);
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    const part = body.subarray(start + delimiter.length, next);
    const headerEnd = part.indexOf('\r\n\r\n');
    parts.push(part.subarray(headerEnd + 4, part.length - 2));
    start = next;
  }
  return parts;
}

/** A GCS JSON API server for @google-cloud/storage (`apiEndpoint`): bucket metadata, multipart uploads, object download and delete. */
export async function startFakeGcs(buckets: string[]): Promise<FakeGcs> {
  const objects = new Map<string, Buffer>();
  const server = await startFakeServer((request, response) => {
    const bucketMatch = /^\/storage\/v1\/b\/([^/]+)$/.exec(request.url.pathname);
    if (request.method === 'GET' && bucketMatch) {
      return buckets.includes(bucketMatch[1])
        ? sendJson(response, 200, { kind: 'storage#bucket', id: bucketMatch[1], name: bucketMatch[1] })
        : sendJson(response, 404, { error: { code: 404, message: 'The specified bucket does not exist.' } });
    }
    const uploadMatch = /^\/upload\/storage\/v1\/b\/([^/]+)\/o$/.exec(request.url.pathname);
    if (request.method === 'POST' && uploadMatch) {
      const bucket = uploadMatch[1];
      if (!buckets.includes(bucket)) return sendJson(response, 404, { error: { code: 404, message: 'The specified bucket does not exist.' } });
      const [metadata, content] = multipartParts(request.body, String(request.headers['content-type']));
      const name = request.url.searchParams.get('name') ?? JSON.parse(metadata.toString('utf8')).name;
      objects.set(`${bucket}/${name}`, content);
      return sendJson(response, 200, {
        kind: 'storage#object',
        bucket,
        name,
        size: String(content.length),
        generation: '1',
        contentType: 'text/csv',
        md5Hash: createHash('md5').update(content).digest('base64'),
      });
    }
    const objectMatch = /^\/storage\/v1\/b\/([^/]+)\/o\/([^/]+)$/.exec(request.url.pathname);
    if (objectMatch) {
      const key = `${objectMatch[1]}/${decodeURIComponent(objectMatch[2])}`;
      const content = objects.get(key);
      if (!content) return sendJson(response, 404, { error: { code: 404, message: `No such object: ${key}` } });
      if (request.method === 'DELETE') {
        objects.delete(key);
        response.writeHead(204).end();
        return;
      }
      if (request.method === 'GET' && request.url.searchParams.get('alt') === 'media') {
        response.writeHead(200, {
          'content-type': 'application/octet-stream',
          'content-length': content.length,
          'x-goog-stored-content-encoding': 'identity',
          'x-goog-hash': `md5=${createHash('md5').update(content).digest('base64')}`,
        });
        response.end(content);
        return;
      }
    }
    return sendJson(response, 404, { error: { code: 404, message: `fake GCS has no ${request.method} ${request.url.pathname}` } });
  });
  return Object.assign(server, { objects });
}
