import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { pageTitle } from './pageTitle';

/** Keeps the browser tab's title on the page shown, so tabs and history entries say which page. */
export function DocumentTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = pageTitle(pathname);
  }, [pathname]);
  return null;
}
