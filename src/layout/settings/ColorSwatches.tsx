import { useRef, type KeyboardEvent } from 'react';
import { ButtonBase, Stack } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import { getContrastRatio } from '@mui/material/styles';

interface ColorSwatchesProps<Name extends string> {
  /** Names the group of swatches (the section's title). */
  label: string;
  names: readonly Name[];
  selected: Name | null;
  colorOf: (name: Name) => string;
  onChoose: (name: Name) => void;
}

const STEPS: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * Round colour swatches as a radio group (WAI-ARIA radio pattern): each swatch is a radio named by its
 * colour (a name, shown as-is); Tab enters at the chosen one, arrow keys move the choice, Home and End jump.
 */
export function ColorSwatches<Name extends string>({ label, names, selected, colorOf, onChoose }: ColorSwatchesProps<Name>) {
  const swatches = useRef<(HTMLButtonElement | null)[]>([]);
  const tabStop = selected !== null && names.includes(selected) ? names.indexOf(selected) : 0;

  const chooseAt = (index: number) => {
    const wrapped = (index + names.length) % names.length;
    onChoose(names[wrapped]);
    swatches.current[wrapped]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const target = event.key in STEPS ? index + STEPS[event.key] : event.key === 'Home' ? 0 : event.key === 'End' ? names.length - 1 : null;
    if (target === null) return;
    event.preventDefault();
    chooseAt(target);
  };

  return (
    <Stack role="radiogroup" aria-label={label} direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
      {names.map((name, index) => {
        const color = colorOf(name);
        const checked = name === selected;
        return (
          <ButtonBase
            key={name}
            ref={(element) => {
              swatches.current[index] = element;
            }}
            role="radio"
            aria-label={name}
            aria-checked={checked}
            tabIndex={index === tabStop ? 0 : -1}
            title={name}
            onClick={() => onChoose(name)}
            onKeyDown={(event) => onKeyDown(event, index)}
            sx={{
              width: 24,
              height: 24,
              borderRadius: '50%',
              bgcolor: color,
              border: 1,
              borderColor: 'divider',
              color: getContrastRatio(color, '#ffffff') >= 3 ? '#ffffff' : '#000000',
              outline: checked ? 2 : 0,
              outlineStyle: 'solid',
              outlineColor: 'primary.main',
              outlineOffset: 2,
              '&.Mui-focusVisible': { outline: 2, outlineStyle: 'solid', outlineColor: 'text.primary', outlineOffset: 2 },
            }}
          >
            {checked && <CheckIcon sx={{ fontSize: 16 }} />}
          </ButtonBase>
        );
      })}
    </Stack>
  );
}
