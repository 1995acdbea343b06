import { startFakeServer, sendJson, type FakeServer } from './http-server';

export const TABLEAU_API = '/api/3.21';

/** Tableau's REST API as far as the poster uses it: PAT sign-in, publish a data source, sign out. */
export async function startTableauStub(tokenSecret: string): Promise<FakeServer> {
  return startFakeServer((request, response) => {
    if (request.method === 'POST' && request.url.pathname === `${TABLEAU_API}/auth/signin`) {
      const body = JSON.parse(request.body.toString('utf8'));
      if (body.credentials?.personalAccessTokenSecret !== tokenSecret) return sendJson(response, 401, { error: { code: '401001', summary: 'Signin Error' } });
      return sendJson(response, 200, { credentials: { token: 'session-token', site: { id: 'site-1', contentUrl: body.credentials.site.contentUrl }, user: { id: 'u1' } } });
    }
    if (request.method === 'POST' && request.url.pathname === `${TABLEAU_API}/sites/site-1/datasources`) {
      if (request.headers['x-tableau-auth'] !== 'session-token') return sendJson(response, 401, { error: { code: '401002' } });
      return sendJson(response, 201, { datasource: { id: 'ds-1', name: 'published' } });
    }
    if (request.method === 'POST' && request.url.pathname === `${TABLEAU_API}/auth/signout`) {
      response.statusCode = 204;
      return response.end();
    }
    return sendJson(response, 404, { error: { code: '404000' } });
  });
}
