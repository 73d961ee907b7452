import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import './feedback.css';

/** At most 5 toasts on screen, an identical message is not shown twice. */
export const maxNotices = 5;

/**
 * The toasts, for every page. Their colours are feedback.css's (readable with white text), not
 * given through MUI's `styled`: the provider sits above the sign-in page, which does not load MUI.
 */
export function NoticeProvider({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider
      maxSnack={maxNotices}
      preventDuplicate
      autoHideDuration={4000}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      {children}
    </SnackbarProvider>
  );
}
