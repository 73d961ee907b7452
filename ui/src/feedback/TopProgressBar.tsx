import { LinearProgress } from '@mui/material';

/** SPEC §9: the progress bar sits under modal dialogs (1300) and over the app bar and drawer. */
export const progressBarZIndex = 1290;

/** Thin bar at the top of the window while a screen loads (SPEC §2). */
export function TopProgressBar() {
  return (
    <LinearProgress
      aria-label="화면을 불러오는 중"
      data-testid="top-progress-bar"
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: progressBarZIndex, height: 3 }}
    />
  );
}
