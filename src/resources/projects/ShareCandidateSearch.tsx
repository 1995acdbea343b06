import { useEffect, useState } from 'react';
import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ShareCandidate } from '../../shared';
import { useConsoleDataProvider } from '../../providers/dataProvider';

/** People found by e-mail (name, region and country shown), asked for after a short pause in typing. */
export function ShareCandidateSearch({ projectId, value, onChange }: { projectId: number; value: ShareCandidate | null; onChange: (candidate: ShareCandidate | null) => void }) {
  const translate = useTranslate();
  const dataProvider = useConsoleDataProvider();
  const [input, setInput] = useState('');
  const [options, setOptions] = useState<ShareCandidate[]>([]);
  useEffect(() => {
    const q = input.trim();
    if (q.length < 2 || q === value?.email) {
      setOptions(value ? [value] : []);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      dataProvider.searchShareCandidates(projectId, q).then(
        ({ data }) => current && setOptions(data),
        () => current && setOptions([]),
      );
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [input, projectId, value, dataProvider]);

  return (
    <Autocomplete
      sx={{ flex: 1, minWidth: 220 }}
      size="small"
      options={options}
      value={value}
      filterOptions={(all) => all}
      getOptionLabel={(candidate) => candidate.email}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      onChange={(_event, candidate) => onChange(candidate)}
      onInputChange={(_event, text) => setInput(text)}
      noOptionsText={translate(input.trim().length < 2 ? 'resources.project-shares.messages.searchHint' : 'resources.project-shares.messages.noMatch')}
      renderOption={({ key, ...props }, candidate) => (
        <Box component="li" key={key} {...props}>
          <Box>
            <Typography variant="body2">
              {candidate.name} · {candidate.email}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {[candidate.region, candidate.country].filter(Boolean).join(' / ')}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => <TextField {...params} name="shareEmail" label={translate('resources.project-shares.messages.search')} />}
    />
  );
}
