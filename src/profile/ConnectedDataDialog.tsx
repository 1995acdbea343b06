import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, FormControlLabel, Radio, RadioGroup, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ConnectedCountriesTree } from './ConnectedCountriesTree';
import { CountryChecklist } from './CountryChecklist';
import { DialogHeading } from '../components/DialogHeading';
import { dialogWidth } from './dialogWidth';
import type { Profile } from '../shared';
import { useConnectedDataOptions } from './useConnectedDataOptions';

export interface DatasetConnection {
  /** Chosen leaf keys (country codes). */
  countries: string[];
  /** Advertiser code. */
  advertiser: string;
}

type ConnectedDataDialogProps = { onClose: () => void } & (
  { mode?: 'view'; profile: Pick<Profile, 'connectedDataTypes' | 'connectedCountries'> } | { mode: 'edit'; onConnect: (connection: DatasetConnection) => void; initialCountries?: string[] }
);

/** Dataset Connection: the profile's connections to view, or a choice of advertiser and countries to connect. */
export function ConnectedDataDialog(props: ConnectedDataDialogProps) {
  const translate = useTranslate();
  const options = useConnectedDataOptions();
  const [chosenAdvertiser, setChosenAdvertiser] = useState<string>();
  const [countries, setCountries] = useState(props.mode === 'edit' ? (props.initialCountries ?? []) : []);
  const advertiser = chosenAdvertiser ?? options?.advertisers[0]?.code ?? '';

  return (
    <Dialog open onClose={props.onClose} aria-labelledby="connected-data-title" slotProps={{ paper: { sx: dialogWidth(30) } }}>
      <DialogHeading id="connected-data-title" title={translate('console.profile.connectedData.title')} onClose={props.onClose} />
      <DialogContent dividers>
        {props.mode !== 'edit' ? (
          <>
            <TextField
              name="advertiser"
              label={translate('console.profile.connectedData.advertiser')}
              value={props.profile.connectedDataTypes.map(({ groupName }) => groupName).join(', ')}
              fullWidth
              multiline
              variant="standard"
              margin="dense"
              slotProps={{ input: { readOnly: true, disableUnderline: true }, inputLabel: { shrink: true } }}
            />
            <Typography variant="subtitle2" sx={{ mt: 2 }}>
              {translate('console.profile.connectedData.countries')}
            </Typography>
            <ConnectedCountriesTree groups={props.profile.connectedCountries} />
            {/* Edit mode is a user manager's, from Users › Edit; nobody edits their own connections. */}
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              {translate('console.profile.connectedData.howToChange')}
            </Typography>
          </>
        ) : (
          <>
            <Typography variant="caption" color="text.secondary">
              {translate('console.profile.connectedData.caption')}
            </Typography>
            <RadioGroup row name="advertiser" aria-label={translate('console.profile.connectedData.advertiser')} value={advertiser} onChange={(event) => setChosenAdvertiser(event.target.value)}>
              {options?.advertisers.map(({ code, name }) => (
                <FormControlLabel key={code} value={code} control={<Radio size="small" />} label={name} />
              ))}
            </RadioGroup>
            <CountryChecklist countryTree={options?.countryTree ?? []} chosen={countries} onChange={setCountries} />
          </>
        )}
      </DialogContent>
      {props.mode === 'edit' && (
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button variant="contained" disabled={!options} onClick={() => props.onConnect({ countries, advertiser })}>
            {translate('console.profile.connectedData.connect')}
          </Button>
        </DialogActions>
      )}
    </Dialog>
  );
}
