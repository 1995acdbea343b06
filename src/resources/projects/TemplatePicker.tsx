import { useEffect, useRef } from 'react';
import { Box, Card, CardActionArea, CardContent, CardMedia, FormHelperText, FormLabel, Typography } from '@mui/material';
import { InputHelperText, useGetList, useInput, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { Template } from '../../shared';

/** Active templates of the project's data type as cards with their first preview; the chosen one shows every preview. */
export function TemplatePicker() {
  const translate = useTranslate();
  const dataType = useWatch({ name: 'dataType' }) as string | undefined;
  const { setValue } = useFormContext();
  const { field, fieldState } = useInput<number | null>({ source: 'templateId' });
  const { data: templates = [], isPending } = useGetList<Template>(
    'templates',
    { filter: { dataType, status: 'Y' }, pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: !!dataType },
  );

  // Another data type's template cannot be kept: clear the choice when the data type changes.
  const previousType = useRef(dataType);
  useEffect(() => {
    if (previousType.current !== undefined && previousType.current !== dataType) setValue('templateId', null, { shouldDirty: true });
    previousType.current = dataType;
  }, [dataType, setValue]);

  const chosen = templates.find((template) => template.id === field.value);
  return (
    <Box sx={{ width: '100%', my: 1 }} role="radiogroup" aria-label={translate('resources.projects.fields.templateId')}>
      <FormLabel>{translate('resources.projects.fields.templateId')}</FormLabel>
      <FormHelperText>{translate('resources.projects.helpers.templateId')}</FormHelperText>
      {!isPending && templates.length === 0 && (
        <Typography color="text.secondary" sx={{ my: 1 }}>
          {translate('resources.projects.messages.noTemplates', { dataType })}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 2, my: 1 }}>
        {templates.map((template) => {
          const selected = template.id === field.value;
          return (
            <Card key={template.id} variant="outlined" sx={{ borderColor: selected ? 'primary.main' : 'divider', borderWidth: selected ? 2 : 1 }}>
              <CardActionArea role="radio" aria-checked={selected} onClick={() => field.onChange(template.id)} data-testid={`template-${template.id}`}>
                {template.previews[0] ? (
                  <CardMedia component="img" height="110" image={template.previews[0].url} alt={template.previews[0].originalName} sx={{ objectFit: 'cover' }} />
                ) : (
                  <Box sx={{ height: 110, bgcolor: 'action.hover' }} />
                )}
                <CardContent sx={{ py: 1 }}>
                  <Typography variant="subtitle2">{template.name}</Typography>
                  {template.description && (
                    <Typography variant="caption" color="text.secondary">
                      {template.description}
                    </Typography>
                  )}
                </CardContent>
              </CardActionArea>
            </Card>
          );
        })}
      </Box>
      {chosen && chosen.previews.length > 1 && (
        // A strip that scrolls sideways takes focus, so a keyboard can scroll it too (WCAG 2.1.1).
        <Box role="group" tabIndex={0} sx={{ display: 'flex', gap: 1, overflowX: 'auto' }} aria-label={chosen.name}>
          {chosen.previews.map((preview) => (
            <img key={preview.fileId} src={preview.url} alt={preview.originalName} style={{ height: 140, borderRadius: 4 }} />
          ))}
        </Box>
      )}
      {fieldState.error && (
        <FormHelperText error>
          {/* A form-level validate hands react-hook-form {message, args}, not a string: react-admin's helper translates both. */}
          <InputHelperText error={fieldState.error.message} />
        </FormHelperText>
      )}
    </Box>
  );
}
