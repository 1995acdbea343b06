import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { startFakeServer, sendJson, type FakeServer } from './http-server';

export interface SnowflakeStub extends FakeServer {
  /** SQL texts the driver sent, in order. */
  statements: string[];
  /**
   * Set to answer the next PUTs otherwise (a hostile endpoint), given the file the PUT named: fields
   * replacing those of the LOCAL_FS answer, or the whole JSON text of the answer.
   */
  putAnswer?: (file: string) => Record<string, unknown> | string;
}

/** The driver gzips request bodies. */
function jsonBody(body: Buffer): any {
  if (!body.length) return {};
  const text = body[0] === 0x1f && body[1] === 0x8b ? gunzipSync(body).toString('utf8') : body.toString('utf8');
  return JSON.parse(text);
}

/**
 * Snowflake's REST endpoints as far as snowflake-sdk uses them for PUT: log-in, the query request
 * (answering PUT with a LOCAL_FS stage in `stageFolder`, so the driver copies the file there, as
 * Snowflake's own driver tests do) and log-out. A wrong password answers Snowflake's 390100.
 */
export async function startSnowflakeStub(password: string, stageFolder: string): Promise<SnowflakeStub> {
  const statements: string[] = [];
  // eslint-disable-next-line prefer-const -- the handler reads it, assigned once the server listens
  let stub: SnowflakeStub;
  const server = await startFakeServer((request, response) => {
    const path = request.url.pathname;
    if (path === '/session/v1/login-request') {
      const body = jsonBody(request.body);
      if (body.data?.PASSWORD !== password) return sendJson(response, 200, { success: false, code: '390100', message: 'Incorrect username or password was specified.', data: null });
      return sendJson(response, 200, {
        success: true,
        code: null,
        message: null,
        data: {
          token: 'session-token',
          masterToken: 'master-token',
          validityInSeconds: 3600,
          masterValidityInSeconds: 14400,
          sessionId: 1,
          parameters: [],
          sessionInfo: { databaseName: null, schemaName: null, warehouseName: null, roleName: 'PUBLIC' },
        },
      });
    }
    if (path === '/queries/v1/query-request') {
      const sqlText: string = jsonBody(request.body).sqlText ?? '';
      statements.push(sqlText);
      const queryId = randomUUID();
      const put = /^PUT\s+'file:\/\/([^']+)'/i.exec(sqlText);
      const hostile = put && stub.putAnswer?.(put[1]);
      if (typeof hostile === 'string') return response.writeHead(200, { 'content-type': 'application/json' }).end(hostile);
      if (put) {
        return sendJson(response, 200, {
          success: true,
          code: null,
          message: null,
          data: {
            command: 'UPLOAD',
            src_locations: [put[1]],
            autoCompress: false,
            sourceCompression: 'auto_detect',
            parallel: 1,
            overwrite: true,
            queryId,
            stageInfo: { locationType: 'LOCAL_FS', location: stageFolder, path: '', region: null, creds: {} },
            encryptionMaterial: null,
            ...hostile,
          },
        });
      }
      return sendJson(response, 200, {
        success: true,
        code: null,
        message: null,
        data: {
          queryId,
          rowtype: [{ name: 'name', type: 'text', nullable: true, scale: null, precision: null, length: 100, byteLength: 100 }],
          rowset: [],
          total: 0,
          returned: 0,
          queryResultFormat: 'json',
          parameters: [],
          statementTypeId: 1,
        },
      });
    }
    if (path === '/session' || path === '/session/logout-request') return sendJson(response, 200, { success: true, data: null, code: null, message: null });
    return sendJson(response, 404, { success: false, message: `stub has no ${path}` });
  });
  stub = Object.assign(server, { statements });
  return stub;
}
