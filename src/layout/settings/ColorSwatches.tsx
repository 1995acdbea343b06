import { ButtonBase, Stack } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import { getContrastRatio } from '@mui/material/styles';

interface ColorSwatchesProps<Name extends string> {
  names: readonly Name[];
  selected: Name | null;
  colorOf: (name: Name) => string;
  onChoose: (name: Name) => void;
}

/** Round colour buttons; each is named by its colour (a name, shown as-is) and the chosen one is pressed. */
export function ColorSwatches<Name extends string>({ names, selected, colorOf, onChoose }: ColorSwatchesProps<Name>) {
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
      {names.map((name) => {
        const color = colorOf(name);
        const pressed = name === selected;
        return (
          <ButtonBase
            key={name}
            aria-label={name}
            aria-pressed={pressed}
            title={name}
            onClick={() => onChoose(name)}
            sx={{
              width: 24,
              height: 24,
              borderRadius: '50%',
              bgcolor: color,
              border: 1,
              borderColor: 'divider',
              color: getContrastRatio(color, '#ffffff') >= 3 ? '#ffffff' : '#000000',
              outline: pressed ? 2 : 0,
              outlineStyle: 'solid',
              outlineColor: 'primary.main',
              outlineOffset: 2,
              '&.Mui-focusVisible': { outline: 2, outlineStyle: 'solid', outlineColor: 'text.primary', outlineOffset: 2 },
            }}
          >
            {pressed && <CheckIcon sx={{ fontSize: 16 }} />}
          </ButtonBase>
        );
      })}
    </Stack>
  );
}
