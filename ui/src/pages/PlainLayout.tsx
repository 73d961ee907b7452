import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { siteName } from '../pageTitle';
import '../plain/plain.css';
import { PlainThemeModeToggle } from '../theme/PlainThemeModeToggle';

/**
 * PublicLayout for the pages drawn without MUI (the sign-in page, the first page of most visits,
 * which must stay light): the same bar (the product name as the home link, the palette switch) and
 * a narrow column for the page.
 */
export function PlainLayout({ children }: { children: ReactNode }) {
  return (
    <div className="plain plain-page">
      <header className="plain-header">
        <Link to="/" className="plain-header__title">
          {siteName}
        </Link>
        <PlainThemeModeToggle />
      </header>
      <main className="plain-main">{children}</main>
    </div>
  );
}
