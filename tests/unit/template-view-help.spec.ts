import { describe, expect, it } from 'vitest';
import { templatesEn } from '../../src/i18n/resources/templates.en';
import { templatesKo } from '../../src/i18n/resources/templates.ko';
import { contentUrlOf } from '../../server/modules/projects/dashboard-token';

/** The template form's words about the Tableau view follow the rule the server opens the view by. */
describe('the template name helper', () => {
  it.each([
    ['en', templatesEn.helpers.name],
    ['ko', templatesKo.helpers.name],
  ])('%s: its example is the view the server opens for that name', (_locale, helper) => {
    const [, name, view] = helper.match(/"([^"]+)" → (\S+?)\.?$/) ?? [];
    expect(name).toBeDefined();
    expect(view).toBe(`${contentUrlOf(name)}/Dashboard`);
  });
});
