import { lazyModal, lazyPage } from './lazy';
import type { AnnouncementsModalProps } from './components/announcements-modal';
import type { AppDownloadModalProps } from './components/app-download-modal';
import type { HelpModalProps } from './components/help-modal';

// Shown in the first screen of their pages: loaded with them.
export { BannerCarousel, type BannerCarouselProps } from './components/banner-carousel';
export { PromotionCarousel, type PromotionCarouselProps } from './components/promotion-carousel';

// Each in its own chunk, fetched on first use (cheap phones: small first bundle).
export const PromotionsPage = lazyPage(() => import('./pages/promotions-page'));
export const PromotionDetailPage = lazyPage(() => import('./pages/promotion-detail-page'));
export const HelpPage = lazyPage(() => import('./pages/help-page'));
export const AnnouncementsModal = lazyModal<AnnouncementsModalProps>(() =>
  import('./components/announcements-modal').then((m) => ({ default: m.AnnouncementsModal })),
);
export const AppDownloadModal = lazyModal<AppDownloadModalProps>(() =>
  import('./components/app-download-modal').then((m) => ({ default: m.AppDownloadModal })),
);
export const HelpModal = lazyModal<HelpModalProps>(() =>
  import('./components/help-modal').then((m) => ({ default: m.HelpModal })),
);
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
