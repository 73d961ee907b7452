import { Box, CircularProgress, Paper } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useGlobalLoading } from './loading';

/** SPEC §9: the overlay's box and layer. */
export const loadingOverlayBox = { width: 250, height: 182 } as const;
export const loadingOverlayZIndex = 9999;

/**
 * Full-screen blurred overlay with a spinner (SPEC §2). Shown while the global loading flag is
 * raised (showLoading / withLoading) or when `visible` is set by the screen that renders it.
 */
export function LoadingOverlay({ visible = false }: { visible?: boolean }) {
  const loading = useGlobalLoading();
  if (!visible && !loading) return null;
  return (
    <Box
      data-testid="loading-overlay"
      aria-busy="true"
      sx={(theme) => ({
        position: 'fixed',
        inset: 0,
        zIndex: loadingOverlayZIndex,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        backdropFilter: 'blur(4px)',
        backgroundColor: alpha(theme.palette.background.default, 0.4),
      })}
    >
      <Paper
        elevation={6}
        sx={{ ...loadingOverlayBox, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
      >
        <CircularProgress aria-label="처리 중" />
      </Paper>
    </Box>
  );
}
