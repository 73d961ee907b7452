import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import { IconButton } from '@mui/material';
import { paletteSwitch, setPaletteMode, usePaletteMode } from './mode';

/**
 * Switches between the light and the dark palette; used on the MUI public pages and in the
 * dashboard (the sign-in page has PlainThemeModeToggle, the same switch without MUI). The hint is
 * the browser's own (`title`), not MUI's Tooltip: that one brings Popper and the transitions into
 * every public page's first load for one hint.
 */
export function ThemeModeToggle() {
  const { next, label } = paletteSwitch(usePaletteMode());
  return (
    <IconButton color="inherit" aria-label={label} title={label} onClick={() => setPaletteMode(next)}>
      {next === 'dark' ? <DarkModeIcon /> : <LightModeIcon />}
    </IconButton>
  );
}
