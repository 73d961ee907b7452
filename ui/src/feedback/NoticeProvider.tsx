import { lazy, type ReactNode, Suspense } from 'react';
import { useNoticeHostWanted } from './notices';

const NoticeHost = lazy(() => import('./NoticeHost'));

/** The app, and the toasts once a notice asks for them (NoticeHost, its own chunk). */
export function NoticeProvider({ children }: { children: ReactNode }) {
  const wanted = useNoticeHostWanted();
  return (
    <>
      {children}
      {wanted && (
        <Suspense fallback={null}>
          <NoticeHost />
        </Suspense>
      )}
    </>
  );
}
