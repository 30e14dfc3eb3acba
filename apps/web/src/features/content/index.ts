import { lazyNamed, lazyOnFirstOpen, lazyPage } from '@/lib/lazy';
import type { AnnouncementsModalProps } from './components/announcements-modal';
import type { AppDownloadModalProps } from './components/app-download-modal';
import type { HelpModalProps } from './components/help-modal';
import { ContentPageFallback } from './components/page-fallback';

// Shown in the first screen of their pages: loaded with them.
export { BannerCarousel, type BannerCarouselProps } from './components/banner-carousel';
export { PromotionCarousel, type PromotionCarouselProps } from './components/promotion-carousel';

// Each in its own chunk, fetched on first use (cheap phones: small first bundle).
export const PromotionsPage = lazyPage(
  () => import('./pages/promotions-page'),
  'default',
  ContentPageFallback,
);
export const PromotionDetailPage = lazyPage(
  () => import('./pages/promotion-detail-page'),
  'default',
  ContentPageFallback,
);
export const HelpPage = lazyPage(() => import('./pages/help-page'), 'default', ContentPageFallback);
export const AnnouncementsModal = lazyOnFirstOpen(
  () => import('./components/announcements-modal'),
  'AnnouncementsModal',
);
export const AppDownloadModal = lazyOnFirstOpen(
  () => import('./components/app-download-modal'),
  'AppDownloadModal',
);
export const AppDownloadPanel = lazyNamed(
  () => import('./components/app-download-modal'),
  'AppDownloadPanel',
);
export const HelpModal = lazyOnFirstOpen(() => import('./components/help-modal'), 'HelpModal');
export type { AnnouncementsModalProps, AppDownloadModalProps, HelpModalProps };
export type { PromotionCategory } from './lib/types';

export { getBanners, bannersQueryOptions, useBanners } from './api/get-banners';
export {
  getAnnouncements,
  announcementsQueryOptions,
  useAnnouncements,
  ANNOUNCEMENT_PAGE_SIZE,
  type AnnouncementsInput,
} from './api/get-announcements';
export { getPromotions, promotionsQueryOptions, usePromotions } from './api/get-promotions';
export {
  getPromotionDetail,
  promotionDetailQueryOptions,
  usePromotionDetail,
} from './api/get-promotion-detail';
export { getHelpCenter, helpCenterQueryOptions, useHelpCenter } from './api/get-help-center';
