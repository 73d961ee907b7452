import { landingAfterSignIn, messages } from '@interior/contracts';
import { useEffect } from 'react';
import { useNotify } from 'react-admin';
import { useNavigate } from 'react-router';

/**
 * A user who may not open a page is warned and taken to the landing page. react-admin
 * renders this at /dashboard/access-denied when `authProvider.canAccess` refuses a resource page;
 * RequireRouteAccess renders it for custom routes.
 */
export function AccessDenied() {
  const notify = useNotify();
  const navigate = useNavigate();
  useEffect(() => {
    notify(messages.pageForbidden, { type: 'warning' });
    navigate(landingAfterSignIn, { replace: true });
  }, [notify, navigate]);
  return null;
}
