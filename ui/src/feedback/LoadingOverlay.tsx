import { useEffect } from 'react';
import './feedback.css';
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

/** MUI's circular progress drawn by CSS (feedback.css), named for screen readers. */
function Spinner({ label }: { label: string }) {
  return (
    <span className="app-spinner" role="progressbar" aria-label={label}>
      <svg viewBox="22 22 44 44" width="40" height="40" aria-hidden="true">
        <circle cx="44" cy="44" r="20.2" />
      </svg>
    </span>
  );
}

/**
 * The full-screen blurred overlay with a spinner, mounted once at the root. Shown while
 * the global loading flag is raised (showLoading / withLoading / a visible LoadingOverlay). Drawn
 * without MUI: it shows over the sign-in page, which does not load MUI.
 */
export function GlobalLoadingOverlay() {
  const loading = useGlobalLoading();
  if (!loading) return null;
  return (
    <div
      data-testid="loading-overlay"
      aria-busy="true"
      className="app-loading-overlay"
      style={{ zIndex: loadingOverlayZIndex }}
    >
      <div className="app-loading-overlay__box" data-testid="loading-overlay-box" style={loadingOverlayBox}>
        <Spinner label="처리 중" />
      </div>
    </div>
  );
}
