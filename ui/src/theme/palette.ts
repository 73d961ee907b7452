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

/** Corners are rounded by 0.25rem. MUI counts `shape.borderRadius` in px: 4px = 0.25rem at the 16px root. */
export const borderRadiusPx = 4;

/**
 * The colours of each palette. The MUI theme (themes.tsx) is built from the first group; the pages
 * drawn without MUI (the sign-in page, the overlay, the progress bar, the toasts' frame) read all
 * of them as CSS custom properties (`paletteVariables`), so both kinds of page look alike. The
 * second group is what MUI derives for these palettes, written out for those pages.
 */
export const palettes = {
  light: {
    primary: '#2f5d8a',
    secondary: '#b5651d',
    // MUI's own orange (#ed6c02, 3.1:1) and light blue (#0288d1, 3.9:1) are too pale for text on
    // white, as outlined chips and text buttons draw them: these read at 4.5:1 or more (WCAG AA)
    // on the paper and on the page background, and carry white text when filled.
    warning: '#a35200',
    info: '#01579b',
    background: '#f5f6f8',
    paper: '#ffffff',

    onPrimary: '#ffffff',
    primaryHover: '#214161',
    text: 'rgba(0, 0, 0, 0.87)',
    textSecondary: 'rgba(0, 0, 0, 0.6)',
    divider: 'rgba(0, 0, 0, 0.12)',
    inputBorder: 'rgba(0, 0, 0, 0.23)',
    error: '#d32f2f',
    errorText: '#5f2120',
    errorBackground: '#fdeded',
    success: '#2e7d32',
    successText: '#1e4620',
    successBackground: '#edf7ed',
    disabledText: 'rgba(0, 0, 0, 0.26)',
    disabledBackground: 'rgba(0, 0, 0, 0.12)',
    hover: 'rgba(0, 0, 0, 0.04)',
    headerBackground: '#f5f5f5',
  },
  dark: {
    primary: '#8fb8e0',
    secondary: '#e0a060',
    background: '#121417',
    paper: '#1c1f24',

    onPrimary: 'rgba(0, 0, 0, 0.87)',
    primaryHover: '#64819d',
    text: '#ffffff',
    textSecondary: 'rgba(255, 255, 255, 0.7)',
    divider: 'rgba(255, 255, 255, 0.12)',
    inputBorder: 'rgba(255, 255, 255, 0.23)',
    // MUI's light error red: its main one (#f44336) is under 4.5:1 on the dark paper, as a field's message.
    error: '#e57373',
    errorText: '#f4c7c7',
    errorBackground: '#160b0b',
    success: '#66bb6a',
    successText: '#cce8cd',
    successBackground: '#0c130d',
    disabledText: 'rgba(255, 255, 255, 0.3)',
    disabledBackground: 'rgba(255, 255, 255, 0.12)',
    hover: 'rgba(255, 255, 255, 0.08)',
    headerBackground: '#212121',
  },
} as const satisfies Record<PaletteMode, Record<string, string>>;

/**
 * The palette of `mode` as CSS custom properties (`--app-primary`, `--app-text-secondary`, …, and
 * `--app-font`), for the elements styled by plain CSS: set on the document's root by the app, so
 * a stylesheet reads `var(--app-paper)` and follows the palette switch.
 */
export function paletteVariables(mode: PaletteMode): Record<string, string> {
  const variables: Record<string, string> = {
    '--app-font': fontFamily,
    '--app-radius': `${borderRadiusPx}px`,
  };
  for (const [name, value] of Object.entries(palettes[mode]))
    variables[`--app-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`] = value;
  return variables;
}

/** Puts the palette's variables on the document's root, with the browser's own controls in that scheme. */
export function applyPalette(mode: PaletteMode): void {
  const root = document.documentElement;
  for (const [name, value] of Object.entries(paletteVariables(mode))) root.style.setProperty(name, value);
  root.style.colorScheme = mode;
}
