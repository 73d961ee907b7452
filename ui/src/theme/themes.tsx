import PersonIcon from '@mui/icons-material/Person';
import { koKR } from '@mui/material/locale';
import { createTheme, type Theme, type ThemeOptions } from '@mui/material/styles';
import type { PaletteMode } from './mode';
import { borderRadiusPx, fontFamily, palettes } from './palette';

const NoIcon = () => null;

const shared: ThemeOptions = {
  shape: { borderRadius: borderRadiusPx },
  typography: { fontFamily },
  components: {
    // MUI's own Korean texts: "열기"/"닫기" on an autocomplete's buttons instead of "Open"/"Close",
    // the pagination's labels, the alert's close button.
    ...koKR.components,
    // Korean words should not be split between syllables when a line wraps.
    MuiCssBaseline: { styleOverrides: { body: { wordBreak: 'keep-all' } } },
    MuiButton: { defaultProps: { disableElevation: true } },
    // An avatar whose picture does not load (offline, the avatar service unreachable) shows a person,
    // not the first letter of its alt text, which would be read as part of the button's label.
    MuiAvatar: { defaultProps: { children: <PersonIcon fontSize="inherit" /> } },
    // A spinner without a name is announced as an unnamed progress bar (axe: aria-progressbar-name).
    MuiCircularProgress: { defaultProps: { 'aria-label': '불러오는 중' } },
    MuiLinearProgress: { defaultProps: { 'aria-label': '불러오는 중' } },
    // react-admin's "본문으로 건너뛰기" draws the primary text colour on the page background
    // (white on #f5f6f8 in the light palette): it takes the primary button's colours instead.
    ...({
      // react-admin's confirmation (deleting a group, erasing a person): 취소 without the "!" icon
      // it carries by default, 확인 in the error colour of a destructive action.
      RaConfirm: {
        defaultProps: { CancelIcon: NoIcon },
        styleOverrides: {
          root: ({ theme }: { theme: Theme }) => ({
            '& .RaConfirm-confirmPrimary, & .RaConfirm-confirmWarning': { color: theme.palette.error.main },
          }),
        },
      },
      // react-admin's empty list ("아직 등록된 … 항목이 없습니다.") writes in the disabled text colour,
      // which is for controls that cannot be used, not for a sentence to read (under 3:1).
      RaEmpty: {
        styleOverrides: {
          root: ({ theme }: { theme: Theme }) => ({
            '& .RaEmpty-message': { color: theme.palette.text.secondary },
          }),
        },
      },
      RaSkipNavigationButton: {
        styleOverrides: {
          root: ({ theme }: { theme: Theme }) => ({
            backgroundColor: theme.palette.primary.main,
            color: theme.palette.primary.contrastText,
            '&:hover': { backgroundColor: theme.palette.primary.dark },
          }),
        },
      },
    } as ThemeOptions['components']),
  },
};

/** Theme options per palette mode; react-admin's <Admin> takes options, the public pages a built theme. */
export const themeOptions: Record<PaletteMode, ThemeOptions> = {
  light: {
    ...shared,
    palette: {
      mode: 'light',
      primary: { main: palettes.light.primary },
      secondary: { main: palettes.light.secondary },
      warning: { main: palettes.light.warning },
      info: { main: palettes.light.info },
      background: { default: palettes.light.background, paper: palettes.light.paper },
    },
  },
  dark: {
    ...shared,
    palette: {
      mode: 'dark',
      primary: { main: palettes.dark.primary },
      secondary: { main: palettes.dark.secondary },
      background: { default: palettes.dark.background, paper: palettes.dark.paper },
    },
  },
};

export const themes = {
  light: createTheme(themeOptions.light),
  dark: createTheme(themeOptions.dark),
} as const;
