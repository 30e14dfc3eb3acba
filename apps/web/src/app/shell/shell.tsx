import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { usePageDescription, useSiteInfo } from '@/features/system';
import { useSession } from '@/lib/session';
import { storage, storageKeys } from '@/lib/storage';
import { BannerSlot, ShellModals, type ShellModal } from './content-slots';
import { Footer } from './footer';
import { Header } from './header';
import { needsLoginRedirect } from './login-redirect';
import { AgentOverlaySlot, MemberOverlaySlot } from './overlay-slots';
import { viewsOf } from './route-views';
import { ScrollManager } from './scroll-manager';
import { SideMenu } from './side-menu';
import { PageLoading } from '../splash';
import './shell.css';
import { AuthModalsHost } from '@/features/auth';
import { GameLaunchHost } from '@/features/game';

/**
 * The app shell with its named views (SPEC section 2): side menu, header, banner, content, footer,
 * and the member and agent overlays. Each route's handle says which of them it shows.
 */
export function Shell() {
  const { t } = useTranslation();
  const info = useSiteInfo();
  usePageDescription();
  const location = useLocation();
  const { token } = useSession();
  const views = viewsOf(useMatches());
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [mini, setMini] = useState(() => storage.local.get(storageKeys.sideMenuMini) === '1');
  const [modal, setModal] = useState<ShellModal | null>(null);
  const [shownPath, setShownPath] = useState(location.pathname);

  // A drawer left open over the next page would hide it: close it whenever the page changes.
  if (shownPath !== location.pathname) {
    setShownPath(location.pathname);
    setDrawerOpen(false);
  }

  if (needsLoginRedirect(location.pathname, info.loginedToHomePage, token)) {
    return <Navigate to="/login" replace />;
  }

  const bars = !views.fullscreen || info.showBarsOnFullscreenRoutes;
  const showHeader = !!views.header && bars;
  const showSideMenu = !!views.sideMenu && bars;
  // Every page with a header has the drawer on a narrow screen: it holds what the header has no room
  // for there (language, theme, announcements), and the way around the site.
  const drawerOnly = showHeader && !showSideMenu;

  const changeMini = (next: boolean) => {
    storage.local.set(storageKeys.sideMenuMini, next ? '1' : '0');
    setMini(next);
  };
  const openModal = (next: ShellModal) => {
    setDrawerOpen(false);
    setModal(next);
  };

  return (
    <div
      className={['shell', showSideMenu ? 'shell--with-side' : '', showSideMenu && mini ? 'shell--mini' : '']
        .filter(Boolean)
        .join(' ')}
    >
      <a className="skip-link" href="#main-content">
        {t('app.skipToContent')}
      </a>
      <ScrollManager />
      {showSideMenu || drawerOnly ? (
        <SideMenu
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          mini={mini && !drawerOnly}
          drawerOnly={drawerOnly}
          onMiniChange={changeMini}
          onOpenModal={openModal}
        />
      ) : null}
      <div className="shell__body">
        {/* In the flow above the header, so it never covers a control of it. A region of its own,
            named, since pages without a header show it too: a screen reader finds it among the
            landmarks, and nothing on the page is left outside one. */}
        {info.demo ? (
          <section className="demo-ribbon" aria-label={t('app.demoRibbonLabel')}>
            <p role="note">{t('app.demoRibbon')}</p>
          </section>
        ) : null}
        {showHeader ? (
          <Header
            onOpenMenu={() => setDrawerOpen(true)}
            menuOpen={drawerOpen}
            drawerOnly={drawerOnly}
            onOpenAnnouncements={() => openModal('announcements')}
          />
        ) : null}
        {views.banner && bars ? <BannerSlot group={views.banner} /> : null}
        <main id="main-content" className="shell__content" tabIndex={-1}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </main>
        {views.footer && bars ? <Footer /> : null}
      </div>
      <MemberOverlaySlot />
      <AgentOverlaySlot />
      <ShellModals open={modal} onClose={() => setModal(null)} />
      {/* Mounted once here, so routes without a header (/helpmc) can still open the login dialog. */}
      <AuthModalsHost />
      <GameLaunchHost />
    </div>
  );
}
