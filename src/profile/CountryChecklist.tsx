import { useId } from 'react';
import { Box, Checkbox, FormControlLabel } from '@mui/material';
import type { TreeNode } from '../shared';
import { usePropertyName } from '../components/usePropertyName';

interface CountryChecklistProps {
  countryTree: TreeNode[];
  /** Chosen leaf keys; regions are derived from their countries. */
  chosen: string[];
  onChange: (chosen: string[]) => void;
}

/**
 * Region → country checkboxes: a region checks or clears all of its countries. Each region is a
 * group named by the region, so a screen reader announces "Asia Pacific, group" before its
 * countries; Tab and Space do the rest (no tree role, which would promise arrow-key navigation).
 */
export function CountryChecklist({ countryTree, chosen, onChange }: CountryChecklistProps) {
  const isChosen = (key: string) => chosen.includes(key);
  const toggleRegion = (region: TreeNode, all: boolean) => {
    const keys = region.children.map((country) => country.key);
    onChange(all ? chosen.filter((key) => !keys.includes(key)) : [...chosen, ...keys.filter((key) => !isChosen(key))]);
  };
  const toggleCountry = (key: string) => onChange(isChosen(key) ? chosen.filter((other) => other !== key) : [...chosen, key]);

  return (
    <Box sx={{ maxHeight: '45vh', overflowY: 'auto' }}>
      {countryTree.map((region) => (
        <RegionGroup key={region.key} region={region} isChosen={isChosen} onToggleRegion={toggleRegion} onToggleCountry={toggleCountry} />
      ))}
    </Box>
  );
}

interface RegionGroupProps {
  region: TreeNode;
  isChosen: (key: string) => boolean;
  onToggleRegion: (region: TreeNode, all: boolean) => void;
  onToggleCountry: (key: string) => void;
}

function RegionGroup({ region, isChosen, onToggleRegion, onToggleCountry }: RegionGroupProps) {
  const labelId = useId();
  const nameOf = usePropertyName();
  const count = region.children.filter((country) => isChosen(country.key)).length;
  const all = count > 0 && count === region.children.length;
  const some = count > 0 && !all;
  return (
    <Box role="group" aria-labelledby={labelId}>
      <FormControlLabel
        label={<span id={labelId}>{nameOf('regions', { code: region.key, name: region.label })}</span>}
        control={
          <Checkbox
            size="small"
            name={region.key}
            checked={all}
            indeterminate={some}
            // MUI says aria-checked="mixed" but leaves the input's own state unset; assistive technology
            // and axe read the input, so it is told too.
            inputRef={(input: HTMLInputElement | null) => {
              if (input) input.indeterminate = some;
            }}
            onChange={() => onToggleRegion(region, all)}
          />
        }
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', pl: 3 }}>
        {region.children.map((country) => (
          <FormControlLabel
            key={country.key}
            label={nameOf('countries', { code: country.key, name: country.label })}
            sx={{ minWidth: 160 }}
            control={<Checkbox size="small" name={country.key} checked={isChosen(country.key)} onChange={() => onToggleCountry(country.key)} />}
          />
        ))}
      </Box>
    </Box>
  );
}
