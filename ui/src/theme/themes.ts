import { createTheme, type ThemeOptions } from '@mui/material/styles';
import type { PaletteMode } from './mode';

/** Korean first: Nanum Gothic where installed, then the platforms' own Korean fonts. */
export const fontFamily = [
  '"Nanum Gothic"',
  'NanumGothic',
  '"Apple SD Gothic Neo"',
  '"Malgun Gothic"',
  '"맑은 고딕"',
  '"Noto Sans KR"',
  'sans-serif',
].join(', ');

/** SPEC §9: corners of 0.25rem. MUI counts `shape.borderRadius` in px: 4px = 0.25rem at the 16px root. */
export const borderRadiusPx = 4;

const shared: ThemeOptions = {
  shape: { borderRadius: borderRadiusPx },
  typography: { fontFamily },
  components: {
    // Korean words should not be split between syllables when a line wraps.
    MuiCssBaseline: { styleOverrides: { body: { wordBreak: 'keep-all' } } },
    MuiButton: { defaultProps: { disableElevation: true } },
  },
};

/** Theme options per palette mode; react-admin's <Admin> takes options, the public pages a built theme. */
export const themeOptions: Record<PaletteMode, ThemeOptions> = {
  light: {
    ...shared,
    palette: {
      mode: 'light',
      primary: { main: '#2f5d8a' },
      secondary: { main: '#b5651d' },
      background: { default: '#f5f6f8', paper: '#ffffff' },
    },
  },
  dark: {
    ...shared,
    palette: {
      mode: 'dark',
      primary: { main: '#8fb8e0' },
      secondary: { main: '#e0a060' },
      background: { default: '#121417', paper: '#1c1f24' },
    },
  },
};

export const themes = {
  light: createTheme(themeOptions.light),
  dark: createTheme(themeOptions.dark),
} as const;
