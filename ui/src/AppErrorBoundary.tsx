import { messages } from '@interior/contracts';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert } from './plain/Alert';
import { buttonClass } from './plain/button';

/**
 * Last line of defence for the public routes: a screen whose code failed to load (a deploy replaced
 * its chunk, a preload error) or that crashed shows a Korean message and a reload button
 * instead of a blank page. The dashboard has react-admin's own error page inside its layout. Drawn
 * without MUI: the code that failed to load may be MUI's own.
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
      <div style={{ padding: 32, maxWidth: 560, margin: '0 auto' }}>
        <Alert
          severity="error"
          action={
            <button type="button" className={buttonClass('inherit')} onClick={() => window.location.reload()}>
              새로 고침
            </button>
          }
        >
          {messages.unknownError}
        </Alert>
      </div>
    );
  }
}
