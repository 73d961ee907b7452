import { styled } from '@mui/material/styles';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';

/** At most 5 toasts on screen, an identical message is not shown twice. */
export const maxNotices = 5;

/**
 * Toast colours dark enough for white text (WCAG AA, 4.5:1): notistack's own green, blue and
 * orange are 3:1 or less. One colour per kind, everywhere: success is always this green.
 */
const ReadableContent = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-success': { backgroundColor: '#2e7d32' },
  '&.notistack-MuiContent-error': { backgroundColor: '#c62828' },
  '&.notistack-MuiContent-info': { backgroundColor: '#01579b' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#8a4b00' },
  '&.notistack-MuiContent-default': { backgroundColor: '#313131' },
});
const readableComponents = {
  default: ReadableContent,
  success: ReadableContent,
  error: ReadableContent,
  info: ReadableContent,
  warning: ReadableContent,
};

export function NoticeProvider({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider
      maxSnack={maxNotices}
      preventDuplicate
      Components={readableComponents}
      autoHideDuration={4000}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      {children}
    </SnackbarProvider>
  );
}
