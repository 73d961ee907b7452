import { messages } from '@interior/contracts';
import { Alert, Box, Button } from '@mui/material';
import { Component, type ErrorInfo, type ReactNode } from 'react';

/**
 * Last line of defence for the public routes: a screen whose code failed to load (a deploy replaced
 * its chunk, a preload error) or that crashed shows a Korean message and a reload button
 * instead of a blank page. The dashboard has react-admin's own error page inside its layout.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Box sx={{ p: 4, maxWidth: 560, mx: 'auto' }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => window.location.reload()}>
              새로 고침
            </Button>
          }
        >
          {messages.unknownError}
        </Alert>
      </Box>
    );
  }
}
