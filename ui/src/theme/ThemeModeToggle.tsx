import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import { IconButton, Tooltip } from '@mui/material';
import { setPaletteMode, usePaletteMode } from './mode';

/** Switches between the light and the dark palette; used on public pages and in the dashboard. */
export function ThemeModeToggle() {
  const mode = usePaletteMode();
  const next = mode === 'light' ? 'dark' : 'light';
  const label = next === 'dark' ? '어두운 테마로 전환' : '밝은 테마로 전환';
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" aria-label={label} onClick={() => setPaletteMode(next)}>
        {next === 'dark' ? <DarkModeIcon /> : <LightModeIcon />}
      </IconButton>
    </Tooltip>
  );
}
