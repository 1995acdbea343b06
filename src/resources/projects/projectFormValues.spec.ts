import { describe, expect, it } from 'vitest';
import { projectInput } from '../../shared';
import { zodValidator } from '../zodForm';
import { newProjectDefaults, toProjectInput, validateProjectForm } from './projectFormValues';
import { renewDelayMs } from './useDashboardToken';

const valid = { ...newProjectDefaults(new Date('2026-03-01T00:00:00Z')), name: 'Spring', advertiser: 'ACME', templateId: 3 };

describe('project form values', () => {
  it('nests validation messages (as i18n keys) like the values, so array and nested inputs show them', () => {
    const errors = zodValidator(projectInput)({
      ...valid,
      endAt: '2026-02-01',
      dataFilters: { countries: [], keywordFilters: [{ keyword: '', mode: 'INCLUDE' }], conditionFilters: [] },
    });
    expect(errors).toEqual({
      endAt: { message: 'console.validation.schema.endAfterStart', args: {} },
      dataFilters: { keywordFilters: [{ keyword: { message: 'console.validation.schema.required', args: {} } }] },
    });
    expect(zodValidator(projectInput)(valid)).toEqual({});
  });

  it('turns a read project back into the request body: country codes, and only the chosen dashboard kind', () => {
    const read = {
      ...valid,
      id: 9,
      myPrivilege: 'OWNER',
      dashboardType: 'CUSTOM',
      dashboardUrl: 'https://tableau.example.com/views/A/B',
      dataFilters: { advertiser: 'ACME', dataType: 'MEDIA', countries: [{ regionCode: 'APAC', code: 'KR', name: 'Korea' }], keywordFilters: [], conditionFilters: [] },
    };
    const body = toProjectInput(read as never);
    expect(body).toMatchObject({ templateId: null, dashboardUrl: 'https://tableau.example.com/views/A/B', dataFilters: { countries: ['KR'], keywordFilters: [], conditionFilters: [] } });
    expect(Object.keys(body)).not.toContain('id');
    expect(projectInput.safeParse(body).success).toBe(true);
    // The modify form starts from such a record: its extra keys and country objects are no errors.
    expect(validateProjectForm(read)).toEqual({});
    expect(validateProjectForm({ ...read, endAt: '2020-01-01' })).toEqual({ endAt: { message: 'console.validation.schema.endAfterStart', args: {} } });
  });

  it('starts a new project today for a month', () => {
    expect(newProjectDefaults(new Date('2026-01-31T10:00:00Z'))).toMatchObject({ startAt: '2026-01-31', endAt: '2026-03-03' });
  });

  it('renews a dashboard token a minute before it expires, never sooner than in 5 s', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(renewDelayMs('2026-01-01T00:05:00Z', now)).toBe(4 * 60_000);
    expect(renewDelayMs('2026-01-01T00:00:30Z', now)).toBe(5_000);
  });
});
