import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './carousel.css';

export interface CarouselProps {
  slides: ReactNode[];
  /** SPEC section 9: banner and promo autoplay 5000 ms */
  autoplayMs?: number;
  /** names the carousel for screen readers, e.g. "Promotions" */
  label: string;
}

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(reducedMotionQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
const prefersReducedMotion = (): boolean =>
  typeof window.matchMedia === 'function' && window.matchMedia(reducedMotionQuery).matches;

function subscribeVisibility(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}
const pageHidden = (): boolean => document.visibilityState === 'hidden';

/**
 * Slides with dots. Loop, dragging, dots and autoplay exist only with more than one slide (SPEC
 * section 2). Autoplay pauses while the pointer or focus is inside, while the tab is hidden, and never
 * runs for people who ask for reduced motion.
 */
export function Carousel({ slides, autoplayMs = 5000, label }: CarouselProps) {
  const { t } = useTranslation('content');
  const multiple = slides.length > 1;
  const reducedMotion = useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => false);
  const hidden = useSyncExternalStore(subscribeVisibility, pageHidden, () => false);
  const [emblaRef, emblaApi] = useEmblaCarousel({
    loop: multiple,
    active: multiple,
    // Jumping instead of gliding for reduced motion; embla's duration is in its own units, 0 is invalid.
    duration: reducedMotion ? 1 : 25,
  });
  const [selected, setSelected] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

  useEffect(() => {
    if (!emblaApi) return;
    const onSelect = () => setSelected(emblaApi.selectedScrollSnap());
    onSelect();
    emblaApi.on('select', onSelect).on('reInit', onSelect);
    return () => {
      emblaApi.off('select', onSelect).off('reInit', onSelect);
    };
  }, [emblaApi]);

  const playing = multiple && autoplayMs > 0 && !reducedMotion && !hidden && !hovered && !focused;
  useEffect(() => {
    if (!playing || !emblaApi) return;
    // Restarting on every selection gives each slide the full interval, even after a manual move.
    const timer = window.setTimeout(() => emblaApi.scrollNext(), autoplayMs);
    return () => window.clearTimeout(timer);
  }, [playing, emblaApi, autoplayMs, selected]);

  const scrollTo = useCallback((index: number) => emblaApi?.scrollTo(index), [emblaApi]);

  if (slides.length === 0) return null;

  return (
    <section
      className="ui-carousel"
      aria-roledescription={t('ui.carousel')}
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="ui-carousel__viewport" ref={emblaRef}>
        <div className="ui-carousel__track" aria-live={playing ? 'off' : 'polite'}>
          {slides.map((slide, index) => (
            <div
              // Slides are positional: the list is replaced, never reordered.
              key={index}
              className="ui-carousel__slide"
              role="group"
              aria-roledescription={t('ui.slide')}
              aria-label={t('ui.slideOf', { index: index + 1, count: slides.length })}
              aria-hidden={multiple && index !== selected ? true : undefined}
              inert={multiple && index !== selected ? true : undefined}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      {multiple ? (
        <div className="ui-carousel__dots">
          {slides.map((_, index) => (
            <button
              key={index}
              type="button"
              className="ui-carousel__dot"
              aria-label={t('ui.goToSlide', { index: index + 1 })}
              aria-current={index === selected ? 'true' : undefined}
              onClick={() => scrollTo(index)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
