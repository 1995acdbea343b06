import { useEffect, useId, useState } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { useTranslate } from 'react-admin';
import { useTiptapEditor } from 'ra-input-rich-text';

const LEVELS = [0, 1, 2, 3] as const;
type Level = (typeof LEVELS)[number];

/**
 * The paragraph/heading choice of the content toolbar. It replaces ra-input-rich-text's LevelSelect,
 * whose list item sits in a <nav> and whose name ("Current level") hides the level it shows.
 */
export function TermLevelSelect() {
  const translate = useTranslate();
  const editor = useTiptapEditor();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = useCurrentLevel();
  const labelOf = (level: Level) => translate(`resources.terms.levels.${level === 0 ? 'paragraph' : `heading${level}`}`);

  const choose = (level: Level) => {
    setAnchor(null);
    const chain = editor?.chain().focus();
    // setNode is a core command; the paragraph and heading shortcuts are typed only by their extension packages.
    if (level === 0) chain?.setNode('paragraph').run();
    else chain?.setNode('heading', { level }).run();
  };

  return (
    <>
      <Button
        size="small"
        color="inherit"
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        aria-label={translate('resources.terms.levels.current', { level: labelOf(current) })}
        disabled={!editor?.isEditable}
        endIcon={<ArrowDropDownIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ textTransform: 'none', minWidth: 120, justifyContent: 'space-between' }}
      >
        {labelOf(current)}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {LEVELS.map((level) => (
          <MenuItem key={level} selected={level === current} onClick={() => choose(level)}>
            {labelOf(level)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

type Editor = ReturnType<typeof useTiptapEditor>;

function levelOf(editor: Editor | undefined): Level {
  return LEVELS.find((level) => level !== 0 && editor?.isActive('heading', { level })) ?? 0;
}

/** The level of the block under the cursor, kept in step with every editor change. */
function useCurrentLevel(): Level {
  const editor = useTiptapEditor();
  const [level, setLevel] = useState<Level>(() => levelOf(editor));
  useEffect(() => {
    if (!editor) return;
    const update = () => setLevel(levelOf(editor));
    editor.on('transaction', update);
    return () => {
      editor.off('transaction', update);
    };
  }, [editor]);
  return level;
}
