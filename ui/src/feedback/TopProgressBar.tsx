import { createPortal } from 'react-dom';
import './feedback.css';

/** The progress bar's layer is 1290: under modal dialogs (1300) and over the app bar and drawer. */
export const progressBarZIndex = 1290;

/**
 * Thin bar at the top of the window while a screen loads (MUI's indeterminate linear progress,
 * drawn by CSS: it shows while the sign-in page's code loads, before any MUI). Rendered into a
 * portal on the body: inside react-admin's layout, whose content is its own stacking context, the
 * layer would count only within that context and the app bar would cover the bar.
 */
export function TopProgressBar() {
  return createPortal(
    <div
      role="progressbar"
      aria-label="화면을 불러오는 중"
      data-testid="top-progress-bar"
      className="app-progress-bar"
      style={{ zIndex: progressBarZIndex }}
    />,
    document.body,
  );
}
