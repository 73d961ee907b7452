import { createContext, type ReactNode, useContext, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';

const Children = createContext<ReactNode>(null);
const RenderChildren = () => <>{useContext(Children)}</>;

/**
 * BrowserRouter's place, as a data router: the app's routes stay the `<Routes>` they are, rendered
 * under one catch-all route, and navigation can be held back (react-router's useBlocker), which
 * react-admin's `warnWhenUnsavedChanges` and the 권한 tab need to ask before unsaved changes are
 * lost. useBlocker works only inside a data router.
 */
export function DataBrowserRouter({ children }: { children: ReactNode }) {
  const [router] = useState(() => createBrowserRouter([{ path: '*', element: <RenderChildren /> }]));
  return (
    <Children.Provider value={children}>
      <RouterProvider router={router} />
    </Children.Provider>
  );
}
