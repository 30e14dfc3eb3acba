import { lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { Loading } from '@/components/states';
import { useStaffSession } from '@/lib/session';
import { menuEntries, visibleEntries, type MenuEntry } from './menu';
import { ComingPage } from './pages/coming-page';
import { HomePage } from './pages/home-page';
import { NotFoundPage } from './pages/not-found-page';
import { Shell } from './shell/shell';

/**
 * A menu entry's page (menu.ts), or "coming" until its feature provides one.
 * A staff member whose roles may not call the entry's call gets the not-found page, the same answer
 * as for an address that does not exist, so the menu and the addresses say the same.
 */
function EntryPage({ entry }: { entry: MenuEntry }) {
  const session = useStaffSession();
  const allowed = visibleEntries(session?.roles ?? []).includes(entry);
  if (!allowed) return <NotFoundPage />;
  const Page = entry.page;
  if (!Page) return <ComingPage label={entry.label} />;
  return (
    <Suspense fallback={<Loading />}>
      <Page />
    </Suspense>
  );
}

// The login form validates with the contract's zod schema: its own chunk, which a signed-in tab never loads.
const LoginPage = lazy(() =>
  import('@/features/session/login').then((module) => ({ default: module.LoginPage })),
);

/** Signed out, every address shows the login; after it, the same address opens in the shell. */
function Root() {
  const session = useStaffSession();
  if (!session)
    return (
      <Suspense fallback={<Loading />}>
        <LoginPage />
      </Suspense>
    );
  return <Shell session={session} />;
}

export const routeTree: RouteObject[] = [
  {
    path: '/',
    element: <Root />,
    children: [
      { index: true, element: <HomePage /> },
      // `/*`: a page may have addresses of its own below it (players/<account>).
      ...menuEntries.map((entry) => ({ path: `${entry.path}/*`, element: <EntryPage entry={entry} /> })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** The app lives under /admin/ (vite base and the server's routes): the router's basename says so. */
export const createAdminRouter = () => createBrowserRouter(routeTree, { basename: '/admin' });
