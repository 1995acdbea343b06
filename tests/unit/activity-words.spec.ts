import { describe, expect, it } from 'vitest';
import { activityValue } from '../../src/shared/activity';

describe('a value in an activity sentence', () => {
  it('names a file by its name, quotes text, dashes nothing and writes other structures as JSON', () => {
    expect(activityValue({ fileId: '527ce766', originalName: 'layout.json', url: '/api/files/527ce766' })).toBe("'layout.json'");
    expect(activityValue('Weekly')).toBe("'Weekly'");
    expect(activityValue(null)).toBe('—');
    expect(activityValue(['a', 2])).toBe("'a', 2");
    expect(activityValue({ hour: 7 })).toBe('{"hour":7}');
  });
});
