import type { ReactNode } from 'react';
import { Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { RecordContextProvider, useTranslate } from 'react-admin';
import type { ProjectDetail } from '../../shared';
import { ProjectStatusChip } from './ProjectStatusChip';
import { formatConsoleDate } from '../../components/ConsoleDateField';
import { CodeWords } from '../../components/CodeField';
import { PropertyCodeField } from '../../components/PropertyCodeField';
import { usePropertyName } from '../../components/usePropertyName';
import { codeMessageKey } from '../../shared/code-sets';

function Field({ label, children }: { label: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate(label)}
      </Typography>
      <Box sx={{ typography: 'body2', overflowWrap: 'anywhere' }}>{children}</Box>
    </Box>
  );
}

const f = (name: string) => `resources.projects.fields.${name}`;

/** The project's fields and data filters, read-only. */
export function ProjectFields({ project }: { project: ProjectDetail }) {
  const translate = useTranslate();
  const nameOf = usePropertyName();
  const { countries, keywordFilters, conditionFilters } = project.dataFilters;
  const regions = [...new Set(countries.map((country) => country.regionCode))];
  const none = translate('resources.projects.messages.noFilters');
  return (
    <Card variant="outlined" component="section" aria-label={translate('resources.projects.sections.details')}>
      <CardContent>
        <RecordContextProvider value={project}>
          {project.description && <Typography sx={{ mb: 2, whiteSpace: 'pre-line' }}>{project.description}</Typography>}
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))', gap: 2 }}>
            <Field label={f('status')}>
              <ProjectStatusChip />
            </Field>
            <Field label={f('dataType')}>
              <CodeWords set="projectDataType" code={project.dataType} />
            </Field>
            <Field label={f('dataSource')}>
              <CodeWords set="dataSource" code={project.dataSource} />
            </Field>
            <Field label={f('advertiser')}>{project.advertiserName ?? project.advertiser}</Field>
            <Field label={f('dashboardType')}>
              <CodeWords set="dashboardType" code={project.dashboardType} />
            </Field>
            {project.dashboardType === 'TEMPLATE' ? <Field label={f('templateName')}>{project.templateName ?? '—'}</Field> : <Field label={f('dashboardUrl')}>{project.dashboardUrl}</Field>}
            <Field label={f('ownerCountry')}>{project.ownerCountryName ?? project.ownerCountry ?? '—'}</Field>
            <Field label={f('startAt')}>{project.startAt}</Field>
            <Field label={f('endAt')}>{project.endAt}</Field>
            <Field label={f('createdBy')}>{project.createdByName ?? '—'}</Field>
            <Field label={f('createdAt')}>{formatConsoleDate(project.createdAt)}</Field>
            <Field label={f('myPrivilege')}>{translate(`resources.project-shares.privileges.${project.myPrivilege}`)}</Field>
          </Box>
          <Typography variant="subtitle2" sx={{ mt: 3, mb: 1 }}>
            {translate('resources.projects.sections.dataFilters')}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '2fr 1fr 1fr' }, gap: 2 }}>
            <Field label={f('countries')}>
              {countries.length === 0
                ? translate('resources.projects.messages.noCountries')
                : regions.map((region) => (
                    <Stack key={region} direction="row" useFlexGap flexWrap="wrap" spacing={0.5} sx={{ mb: 0.5, alignItems: 'center' }}>
                      <Typography variant="caption" sx={{ minWidth: 56, fontWeight: 600 }}>
                        <PropertyCodeField kind="regions" code={region} />
                      </Typography>
                      {countries
                        .filter((country) => country.regionCode === region)
                        .map((country) => (
                          <Chip key={country.code} size="small" label={nameOf('countries', country)} />
                        ))}
                    </Stack>
                  ))}
            </Field>
            <Field label={f('keywordFilters')}>
              {keywordFilters.length === 0
                ? none
                : keywordFilters.map((filter, index) => (
                    <div key={index}>
                      {translate(codeMessageKey('keywordMode', filter.mode))}: “{filter.keyword}”
                    </div>
                  ))}
            </Field>
            <Field label={f('conditionFilters')}>
              {conditionFilters.length === 0
                ? none
                : conditionFilters.map((filter, index) => (
                    <div key={index}>
                      {filter.field} {translate(codeMessageKey('conditionOperator', filter.operator))} {filter.value}
                    </div>
                  ))}
            </Field>
          </Box>
        </RecordContextProvider>
      </CardContent>
    </Card>
  );
}
