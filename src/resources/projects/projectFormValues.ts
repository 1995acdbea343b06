import { UTC, formatDate, projectInput, type ProjectDetail, type ProjectInput } from '../../shared';
import { formatConsoleDate } from '../../components/ConsoleDateField';
import { zodValidator } from '../zodForm';

type FormValues = Omit<Partial<ProjectDetail>, 'dataFilters'> & { dataFilters?: { countries?: (string | { code: string })[]; keywordFilters?: unknown[]; conditionFilters?: unknown[] } };

/** The request body from the form (or a read record): only the fields projectInput declares. */
export function toProjectInput(values: FormValues): ProjectInput {
  const filters = values.dataFilters ?? {};
  return {
    name: values.name ?? '',
    description: values.description ?? null,
    status: values.status,
    dataType: values.dataType as ProjectInput['dataType'],
    dataSource: values.dataSource as ProjectInput['dataSource'],
    advertiser: values.advertiser ?? '',
    dashboardType: values.dashboardType as ProjectInput['dashboardType'],
    templateId: values.dashboardType === 'TEMPLATE' ? (values.templateId ?? null) : null,
    dashboardUrl: values.dashboardType === 'CUSTOM' ? (values.dashboardUrl ?? null) : null,
    startAt: values.startAt ?? '',
    endAt: values.endAt ?? '',
    dataFilters: {
      countries: (filters.countries ?? []).map((country) => (typeof country === 'string' ? country : country.code)),
      keywordFilters: (filters.keywordFilters ?? []) as never,
      conditionFilters: (filters.conditionFilters ?? []) as never,
    },
  };
}

/** A new project starts today (in the browser's zone) and runs for a month, on a template, with no filters. */
export function newProjectDefaults(today = new Date()) {
  const start = formatConsoleDate(today);
  const [year, month, day] = start.split('-').map(Number);
  // The same day of the next month, rolling over as Date does (31 January + 1 month = 3 March).
  const end = formatDate(Date.UTC(year, month, day), UTC);
  return {
    status: 'STAND_BY',
    dataType: 'MEDIA',
    dataSource: 'MASTER',
    dashboardType: 'TEMPLATE',
    templateId: null,
    dashboardUrl: null,
    startAt: start,
    endAt: end,
    dataFilters: { countries: [], keywordFilters: [], conditionFilters: [] },
  };
}

/**
 * The form's `validate`: the values as they will be sent (a read project carries countries as
 * objects and extra keys the strict schema would refuse), checked by the shared schema.
 */
export function validateProjectForm(values: Record<string, unknown>) {
  return zodValidator(projectInput)(toProjectInput(values as FormValues) as unknown as Record<string, unknown>);
}
