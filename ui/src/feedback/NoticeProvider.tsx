import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';

/** SPEC §2 and §9: at most 5 toasts on screen, an identical message is not shown twice. */
export const maxNotices = 5;

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
