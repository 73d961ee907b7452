import { Box, CircularProgress, Paper } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useEffect } from 'react';
import { showLoading, useGlobalLoading } from './loading';

/** The overlay's box is 250x182 and its layer 9999. */
export const loadingOverlayBox = { width: 250, height: 182 } as const;
export const loadingOverlayZIndex = 9999;

/**
 * Asks for the full-screen overlay while `visible` is set (for a screen that is busy on its
 * own, such as a sign-in in progress). It renders nothing itself: the one overlay mounted at the
 * root shows for every request, so two busy screens never stack two blurred layers.
 */
export function LoadingOverlay({ visible = false }: { visible?: boolean }) {
  useEffect(() => (visible ? showLoading() : undefined), [visible]);
  return null;
}

/**
 * The full-screen blurred overlay with a spinner, mounted once at the root. Shown while
 * the global loading flag is raised (showLoading / withLoading / a visible LoadingOverlay).
 */
export function GlobalLoadingOverlay() {
  const loading = useGlobalLoading();
  if (!loading) return null;
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
