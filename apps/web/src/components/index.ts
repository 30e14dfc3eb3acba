export { Modal, MODAL_FADE_MS, type ModalProps, type ModalVariant } from './modal';
export { Tabs, tabDomId, type TabsProps, type TabItem } from './tabs';
export { Button, buttonClassName, type ButtonProps, type ButtonVariant, type ButtonSize } from './button';
export { Pagination, pageItems, ELLIPSIS, type PaginationProps, type PageItem } from './pagination';
export { Carousel, type CarouselProps } from './carousel';
export {
  Empty,
  Spinner,
  ErrorState,
  type EmptyProps,
  type SpinnerProps,
  type ErrorStateProps,
} from './states';
export { LazyImage, FALLBACK_IMAGE, type LazyImageProps } from './lazy-image';
export { QrCode, type QrCodeProps } from './qr-code';
export { focusableWithin } from './focusable';
export { CopyField, type CopyFieldProps } from './copy-field';
export { Field, FieldErrorText, type FieldProps } from './field';
export { PagedRecords, type PagedRecordsProps, type PagedQuery } from './paged-records';
export { CentreOverlay, type CentreOverlayProps, type CentreBadge } from './centre-overlay';
export { useDismissableLayer, type DismissableLayerOptions } from './use-dismissable-layer';
export { DateRangeFilter, FilterField, type DateRangeFilterProps } from './date-range-filter';
