import { CssBaseline } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { TopProgressBar } from '../feedback/TopProgressBar';
import { usePaletteMode } from './mode';
import { themes } from './themes';

/**
 * The MUI theme and baseline around every route drawn with MUI (all but the sign-in page): a
 * layout route, loaded with the first such page, so that a visitor who only signs in never loads
 * MUI. The page itself suspends inside it, keeping the baseline while the next page loads.
 */
export function MuiFrame() {
  return (
    <ThemeProvider theme={themes[usePaletteMode()]}>
      <CssBaseline />
      <Suspense fallback={<TopProgressBar />}>
        <Outlet />
      </Suspense>
    </ThemeProvider>
  );
}
