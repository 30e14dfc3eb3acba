import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoginPage, RegisterPage, ResetPasswordPage } from '@/features/auth';
import { loadLobbyPages } from '@/features/game';
import { loadCrashPage, loadDicePage, loadFairPages, loadSlotPage } from '@/features/inhouse';
import { loadLotteryPage, loadLotteryVerifyPage, loadVnLotteryPage } from '@/features/lottery';
// Already lazy (each page its own chunk): wrapped again, React would get a lazy where it needs a component.
import { ChatPage, FeedbackPage } from '@/features/messaging';
import { loadPointMallPage } from '@/features/loyalty';
import { lazyNamed } from '@/lib/lazy';
import { RouteError } from './failure';
import type { RouteViews } from './shell/route-views';
import { Shell } from './shell/shell';

// The lazily loaded areas named in SPEC section 2; each is its own chunk.
const HomePage = lazyNamed(() => import('@/features/home'), 'HomePage');
const LobbyPage = lazyNamed(loadLobbyPages, 'LobbyPage');
const SlotPage = lazyNamed(loadSlotPage, 'SlotPage');
const VerifyPage = lazyNamed(loadFairPages, 'VerifyPage');
const DicePage = lazyNamed(loadDicePage, 'DicePage');
const CrashPage = lazyNamed(loadCrashPage, 'CrashPage');
const ElottPage = lazyNamed(() => import('./pages/elott-page'), 'ElottPage');
const LotteryPage = lazyNamed(loadLotteryPage, 'LotteryPage');
const LotteryVerifyPage = lazyNamed(loadLotteryVerifyPage, 'LotteryVerifyPage');
const VnLotteryPage = lazyNamed(loadVnLotteryPage, 'VnLotteryPage');
const PointMallPage = lazyNamed(loadPointMallPage, 'PointMallPage');
const SeamlessPage = lazyNamed(() => import('./pages/seamless-page'), 'SeamlessPage');
const GameFramePage = lazyNamed(() => import('./pages/game-frame-page'), 'GameFramePage');
const DownloadPage = lazyNamed(() => import('./pages/download-page'), 'DownloadPage');
const PromotionsPage = lazyNamed(() => import('@/features/content'), 'PromotionsPage');
const PromotionDetailPage = lazyNamed(() => import('@/features/content'), 'PromotionDetailPage');
const HelpPage = lazyNamed(() => import('@/features/content'), 'HelpPage');
const NotFoundPage = lazyNamed(() => import('./pages/not-found-page'), 'NotFoundPage');
const DevOutboxPage = lazyNamed(() => import('@/features/dev'), 'DevOutboxPage');

/** header, banner, footer, side menu: the full frame */
const full = (banner?: RouteViews['banner']): RouteViews => ({
  header: true,
  sideMenu: true,
  footer: true,
  banner,
});

const paths = (list: string[], route: Omit<RouteObject, 'path' | 'index' | 'children'>): RouteObject[] =>
  list.map((path) => ({ ...route, path }) as RouteObject);

/** SPEC section 2's routes table; each route's `handle` names the shell views it shows. */
export const appRoutes: RouteObject[] = [
  {
    element: <Shell />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          ...paths(['/', '/index', '/index.html', '/home'], {
            element: <HomePage />,
            handle: full('w_home'),
          }),
          ...paths(['/register', '/register.html'], {
            element: <RegisterPage />,
            handle: { header: true, banner: 'w_reg' } satisfies RouteViews,
          }),
          {
            path: '/pointMall',
            element: <PointMallPage />,
            handle: { header: true, footer: true, banner: 'w_shop' } satisfies RouteViews,
          },
          { path: '/lottery', element: <LotteryPage />, handle: { header: true } satisfies RouteViews },
          {
            path: '/lottery/verify',
            element: <LotteryVerifyPage />,
            handle: { header: true } satisfies RouteViews,
          },
          {
            path: '/vnlottery',
            element: <VnLotteryPage />,
            handle: { header: true, sideMenu: true, fullscreen: true } satisfies RouteViews,
          },
          { path: '/elott', element: <ElottPage />, handle: full('w_lott') },
          { path: '/rng', element: <LobbyPage category="RNG" />, handle: full('w_rng') },
          { path: '/pvp', element: <LobbyPage category="PVP" />, handle: full('w_pvp') },
          { path: '/live', element: <LobbyPage category="LIVE" />, handle: full('w_live') },
          { path: '/fish', element: <LobbyPage category="FISH" />, handle: full('w_fish') },
          { path: '/sports', element: <LobbyPage category="SPORTS" />, handle: full('w_sports') },
          { path: '/esports', element: <LobbyPage category="ESPORTS" />, handle: full('w_esports') },
          { path: '/inhouse', element: <LobbyPage category="INHOUSE" />, handle: full('w_inhouse') },
          {
            path: '/inhouse/crash',
            element: <CrashPage />,
            handle: { header: true, sideMenu: true, footer: true } satisfies RouteViews,
          },
          {
            path: '/inhouse/dice',
            element: <DicePage />,
            handle: { header: true, sideMenu: true, footer: true } satisfies RouteViews,
          },
          {
            path: '/inhouse/fair',
            element: <VerifyPage />,
            handle: { header: true, sideMenu: true, footer: true } satisfies RouteViews,
          },
          {
            path: '/inhouse/slot',
            element: <SlotPage />,
            handle: { header: true, sideMenu: true, footer: true } satisfies RouteViews,
          },
          { path: '/promotions', element: <PromotionsPage />, handle: full('w_promotion') },
          {
            path: '/promoDetail/:id',
            element: <PromotionDetailPage />,
            handle: { header: true, sideMenu: true, footer: true } satisfies RouteViews,
          },
          {
            path: '/seamless',
            element: <SeamlessPage />,
            handle: { header: true, sideMenu: true, fullscreen: true } satisfies RouteViews,
          },
          { path: '/help', element: <HelpPage />, handle: full('w_help') },
          // The app's in-app browser opens /helpmc: the help centre alone, without the site's bars.
          { path: '/helpmc', element: <HelpPage />, handle: {} satisfies RouteViews },
          { path: '/game', element: <GameFramePage />, handle: { header: true } satisfies RouteViews },
          { path: '/login', element: <LoginPage />, handle: { header: true } satisfies RouteViews },
          {
            path: '/resetPassword',
            element: <ResetPasswordPage />,
            handle: { header: true } satisfies RouteViews,
          },
          {
            path: '/download',
            element: <DownloadPage />,
            handle: { header: true, footer: true, banner: 'w_down' } satisfies RouteViews,
          },
          // Development outbox (SMS and email codes); the call answers 404 in production.
          {
            path: '/chat',
            element: <ChatPage />,
            handle: { header: true, sideMenu: true } satisfies RouteViews,
          },
          {
            path: '/feedback',
            element: <FeedbackPage />,
            handle: { header: true, sideMenu: true } satisfies RouteViews,
          },
          { path: '/dev/outbox', element: <DevOutboxPage />, handle: {} satisfies RouteViews },
          {
            path: '*',
            element: <NotFoundPage />,
            handle: { header: true, sideMenu: true, footer: true } satisfies RouteViews,
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
