import { startFakeServer, sendJson, type FakeServer } from './http-server';

/** One row of the fake platform's daily report. */
export function reportRow(index: number, day = '2026-03-01') {
  return { date: day, campaign: { id: `C${index}`, name: `Campaign ${index}` }, metrics: { impressions: 1000 + index, clicks: String(10 + index) } };
}

let huge: string | undefined;
/** About 10 MB of JSON report, made once. */
function hugeReport(): string {
  huge ??= JSON.stringify({ data: { rows: Array.from({ length: 60_000 }, (_, index) => ({ ...reportRow(index), padding: 'x'.repeat(40) })) } });
  return huge;
}

export interface AdPlatform extends FakeServer {
  /** The secret the platform expects in its `X-Api-Key` header. */
  apiKey: string;
  totalRows: number;
  /** The most `/delayed` requests in flight at once. */
  peakDelayed: number;
  /** While true, `/held` requests wait; then they answer like `/report`. */
  holding: boolean;
  /** While true, every request is answered 500, as a platform that is down. */
  down: boolean;
}

/**
 * A local ad platform. `/report` pages JSON (`page`, `size`), `/cursor` pages by cursor, `/report.csv`
 * answers CSV; `/broken` answers 500, `/slow` never answers, `/malformed` cuts its JSON short,
 * `/held` waits while `holding` is set, `/delayed` answers like `/report` after 150 ms (counting how many wait at once), `/missing.csv` lacks a column, `/invalid` has a row whose clicks are not a number, `/bad-last` pages
 * like `/report` but its very last row's clicks are not a number. For field discovery: `/nested` has
 * nested objects, arrays of objects and of scalars, booleans and nulls; `/html` answers a web page,
 * `/empty` nothing at all, `/no-rows` an empty rows array, `/huge` 10 MB of JSON.
 */
export async function startAdPlatform(totalRows = 25, apiKey = 'platform-secret-1'): Promise<AdPlatform> {
  let delayed = 0;
  const platform = await startFakeServer(async (request, response) => {
    if (result.down) return sendJson(response, 500, { error: 'platform is down' });
    if (request.headers['x-api-key'] !== apiKey) return sendJson(response, 401, { error: 'bad key' });
    const day = request.url.searchParams.get('day') ?? '2026-03-01';
    const rows = Array.from({ length: totalRows }, (_, index) => reportRow(index + 1, day));
    if (request.url.pathname === '/delayed') {
      delayed++;
      result.peakDelayed = Math.max(result.peakDelayed, delayed);
      await new Promise((resolve) => setTimeout(resolve, 150));
      delayed--;
      return sendJson(response, 200, { data: { rows: request.url.searchParams.get('page') === '1' ? rows.slice(0, 10) : [] } });
    }
    while (request.url.pathname === '/held' && result.holding) await new Promise((resolve) => setTimeout(resolve, 50));
    switch (request.url.pathname) {
      case '/held':
      case '/bad-last':
      case '/report': {
        if (request.url.pathname === '/bad-last') rows[rows.length - 1].metrics.clicks = 'many';
        const page = Number(request.url.searchParams.get('page') ?? 1);
        const size = Number(request.url.searchParams.get('size') ?? 10);
        return sendJson(response, 200, { data: { rows: rows.slice((page - 1) * size, page * size) } });
      }
      case '/cursor': {
        const start = Number(request.url.searchParams.get('cursor') ?? 0);
        const next = start + 10 < rows.length ? String(start + 10) : null;
        return sendJson(response, 200, { rows: rows.slice(start, start + 10), paging: { next } });
      }
      case '/report.csv':
        response.writeHead(200, { 'content-type': 'text/csv' });
        return response.end(['date,campaign_id,impressions,clicks', ...rows.map((row) => `${row.date},${row.campaign.id},${row.metrics.impressions},${row.metrics.clicks}`)].join('\n'));
      case '/missing.csv':
        response.writeHead(200, { 'content-type': 'text/csv' });
        return response.end('date,campaign_id,impressions\n2026-03-01,C1,5\n');
      case '/nested':
        return sendJson(response, 200, {
          data: {
            rows: rows.slice(0, 3).map((row, index) => ({
              ...row,
              active: index !== 1,
              note: index === 0 ? null : `n${index}`,
              tags: index === 2 ? [] : ['brand', `t${index}`],
              ads: [
                { id: `A${index}-1`, spend: 1.5 + index },
                { id: `A${index}-2`, spend: 2 },
              ],
            })),
          },
        });
      case '/html':
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return response.end('<!DOCTYPE html><html><body><form>Sign in</form></body></html>');
      case '/empty':
        response.writeHead(200, { 'content-type': 'application/json' });
        return response.end();
      case '/no-rows':
        return sendJson(response, 200, { data: { rows: [] } });
      case '/huge':
        response.writeHead(200, { 'content-type': 'application/json' });
        return response.end(hugeReport());
      case '/broken':
        return sendJson(response, 500, { error: 'internal' });
      case '/slow':
        return; // never answers
      case '/malformed':
        response.writeHead(200, { 'content-type': 'application/json' });
        return response.end('{"data": {"rows": [{"date": "2026-03-01"');
      case '/invalid':
        return sendJson(response, 200, { data: { rows: [reportRow(1), { ...reportRow(2), metrics: { impressions: 5, clicks: 'many' } }] } });
      default:
        return sendJson(response, 404, { error: 'no such report' });
    }
  });
  // Requests arrive only after this line, so the handler may use `result`.
  const result: AdPlatform = Object.assign(platform, { apiKey, totalRows, peakDelayed: 0, holding: false, down: false });
  return result;
}
