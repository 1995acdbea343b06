import { describe, expect, it } from 'vitest';
import { noticeBatches } from '../../server/auth/session-bus';

/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more. */
const NOTIFY_LIMIT = 8_000;

describe('noticeBatches', () => {
  it('puts record notices into JSON arrays, each under what one NOTIFY carries, every notice once and in order', () => {
    // Korean names: bytes, not characters, are what the limit counts.
    const notices = Array.from({ length: 300 }, (_, n) =>
      JSON.stringify({ event: { type: 'updated', resource: 'domains', id: String(n), by: '김민준 관리자', at: '2026-12-05T22:00:00.000Z' }, sessionId: `session-${n}` }),
    );
    const batches = noticeBatches(notices);
    expect(batches.length).toBeGreaterThan(1);
    for (const batch of batches) expect(Buffer.byteLength(batch)).toBeLessThan(NOTIFY_LIMIT);
    expect(batches.flatMap((batch) => JSON.parse(batch) as unknown[])).toEqual(notices.map((notice) => JSON.parse(notice)));
  });

  it('sends nothing for no notices, and one array for a few', () => {
    expect(noticeBatches([])).toEqual([]);
    expect(noticeBatches(['{"a":1}', '{"b":2}'])).toEqual(['[{"a":1},{"b":2}]']);
  });
});
