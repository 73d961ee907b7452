import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import { IconButton } from '@mui/material';
import { setPaletteMode, usePaletteMode } from './mode';

/**
 * Switches between the light and the dark palette; used on public pages and in the dashboard. The
 * hint is the browser's own (`title`), not MUI's Tooltip: that one brings Popper and the
 * transitions into every public page's first load for one hint.
 */
export function ThemeModeToggle() {
  const mode = usePaletteMode();
  const next = mode === 'light' ? 'dark' : 'light';
  const label = next === 'dark' ? '어두운 테마로 전환' : '밝은 테마로 전환';
  return (
    <IconButton color="inherit" aria-label={label} title={label} onClick={() => setPaletteMode(next)}>
      {next === 'dark' ? <DarkModeIcon /> : <LightModeIcon />}
    </IconButton>
  );
}
