import { useMediaQuery } from '@mui/material';
import type { Theme } from '@mui/material/styles';

/**
 * A phone-sized window (below MUI's `sm`, 600 px): lists show react-admin's SimpleList there, one
 * record a line, instead of a table wider than the screen.
 */
export const useSmallScreen = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
