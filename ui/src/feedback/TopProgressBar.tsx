import { LinearProgress, Portal } from '@mui/material';

/** The progress bar's layer is 1290: under modal dialogs (1300) and over the app bar and drawer. */
export const progressBarZIndex = 1290;

/**
 * Thin bar at the top of the window while a screen loads. Rendered into a portal on
 * the body: inside react-admin's layout, whose content is its own stacking context, the layer
 * would count only within that context and the app bar would cover the bar.
 */
export function TopProgressBar() {
  return (
    <Portal>
      <LinearProgress
        aria-label="화면을 불러오는 중"
        data-testid="top-progress-bar"
        sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: progressBarZIndex, height: 3 }}
      />
    </Portal>
  );
}
