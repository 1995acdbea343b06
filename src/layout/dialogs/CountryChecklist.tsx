import { Box, Checkbox, FormControlLabel } from '@mui/material';
import type { TreeNode } from './profileCalls';

interface CountryChecklistProps {
  countryTree: TreeNode[];
  /** Chosen leaf keys; regions are derived from their countries. */
  chosen: string[];
  onChange: (chosen: string[]) => void;
}

/** Region → country checkbox tree: a region checks or clears all of its countries. */
export function CountryChecklist({ countryTree, chosen, onChange }: CountryChecklistProps) {
  const isChosen = (key: string) => chosen.includes(key);
  const toggleRegion = (region: TreeNode, all: boolean) => {
    const keys = region.children.map((country) => country.key);
    onChange(all ? chosen.filter((key) => !keys.includes(key)) : [...chosen, ...keys.filter((key) => !isChosen(key))]);
  };
  const toggleCountry = (key: string) => onChange(isChosen(key) ? chosen.filter((other) => other !== key) : [...chosen, key]);

  return (
    <Box role="tree" sx={{ maxHeight: '45vh', overflowY: 'auto' }}>
      {countryTree.map((region) => {
        const count = region.children.filter((country) => isChosen(country.key)).length;
        const all = count > 0 && count === region.children.length;
        return (
          <Box key={region.key} role="treeitem" aria-expanded>
            <FormControlLabel
              label={region.label}
              control={<Checkbox size="small" name={region.key} checked={all} indeterminate={count > 0 && !all} onChange={() => toggleRegion(region, all)} />}
            />
            <Box role="group" sx={{ display: 'flex', flexWrap: 'wrap', pl: 3 }}>
              {region.children.map((country) => (
                <FormControlLabel
                  key={country.key}
                  role="treeitem"
                  label={country.label}
                  sx={{ minWidth: 160 }}
                  control={<Checkbox size="small" name={country.key} checked={isChosen(country.key)} onChange={() => toggleCountry(country.key)} />}
                />
              ))}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
