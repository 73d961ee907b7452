import type { ReactNode } from 'react';
import { AppBar, Layout, LoadingIndicator, useLoading } from 'react-admin';
import { TopProgressBar } from '../feedback/TopProgressBar';
import { SignedInBanners } from '../resources/popupbanner/SignedInBanners';
import { ThemeModeToggle } from '../theme/ThemeModeToggle';
import { DashboardMenu } from './DashboardMenu';
import { DashboardUserMenu } from './DashboardUserMenu';

function DashboardAppBar() {
  return (
    <AppBar
      // The primary colour: white text on react-admin's default (secondary, #b5651d) is 3.9:1.
      color="primary"
      userMenu={<DashboardUserMenu />}
      toolbar={
        <>
          <ThemeModeToggle />
          <LoadingIndicator />
        </>
      }
    />
  );
}

/** A screen shows the top progress bar while react-admin fetches what a screen shows. */
function DataLoadingBar() {
  return useLoading() ? <TopProgressBar /> : null;
}

export function DashboardLayout({ children }: { children: ReactNode }) {
  return (
    <Layout
      appBar={DashboardAppBar}
      menu={DashboardMenu}
      // The layout is as wide as the window, never as its content (react-admin's default,
      // `fit-content`, and a flex item's automatic minimum): otherwise one wide part of a page (a
      // tab bar, a table) widens the whole page past a phone's screen instead of scrolling in
      // its own box.
      sx={{ minWidth: 0, '& .RaLayout-content': { minWidth: 0 } }}
    >
      <DataLoadingBar />
      <SignedInBanners />
      {children}
    </Layout>
  );
}
