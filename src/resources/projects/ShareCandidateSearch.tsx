import { useEffect, useState } from 'react';
import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ShareCandidate } from '../../shared';
import { keepPreviousData } from '@tanstack/react-query';
import { useApiRead } from '../../components/useApi';

/** People found by e-mail (name and e-mail shown), asked for after a short pause in typing. */
export function ShareCandidateSearch({ projectId, value, onChange }: { projectId: number; value: ShareCandidate | null; onChange: (candidate: ShareCandidate | null) => void }) {
  const translate = useTranslate();
  const [input, setInput] = useState('');
  /** The text asked for: the input once typing has paused. */
  const [asked, setAsked] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setAsked(input.trim()), 250);
    return () => clearTimeout(timer);
  }, [input]);
  const searches = (text: string) => text.length >= 2 && text !== value?.email;
  const { data: found, isError } = useApiRead(['project-shares', 'candidates', projectId, asked], (api) => api.searchShareCandidates(projectId, asked), {
    enabled: searches(asked),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const options: ShareCandidate[] = !searches(input.trim()) ? (value ? [value] : []) : isError ? [] : (found ?? []);

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
          <Typography variant="body2">
            {candidate.name} · {candidate.email}
          </Typography>
        </Box>
      )}
      renderInput={(params) => <TextField {...params} name="shareEmail" label={translate('resources.project-shares.messages.search')} />}
    />
  );
}
