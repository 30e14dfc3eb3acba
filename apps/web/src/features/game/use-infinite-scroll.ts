import { useEffect, useRef, type RefObject } from 'react';

/** SPEC section 9: infinite scroll asks at most once per 200 ms. */
export const INFINITE_SCROLL_THROTTLE_MS = 200;

/**
 * Calls `onMore` when the sentinel comes within a screen of view, at most once per 200 ms. `round`
 * changes after each page arrives: the observer is made again, and reports at once if the sentinel is
 * still in view (a short page on a tall screen asks for the next one without a scroll).
 */
export function useInfiniteScroll(
  sentinel: RefObject<HTMLElement | null>,
  onMore: () => void,
  { enabled, round }: { enabled: boolean; round: number },
): void {
  const last = useRef(0);
  const latest = useRef(onMore);
  useEffect(() => {
    latest.current = onMore;
  });

  useEffect(() => {
    const element = sentinel.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    let timer: number | undefined;
    const fire = () => {
      last.current = Date.now();
      latest.current();
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        window.clearTimeout(timer);
        const wait = last.current + INFINITE_SCROLL_THROTTLE_MS - Date.now();
        if (wait <= 0) fire();
        else timer = window.setTimeout(fire, wait);
      },
      { rootMargin: '0px 0px 100% 0px' },
    );
    observer.observe(element);
    return () => {
      window.clearTimeout(timer);
      observer.disconnect();
    };
  }, [sentinel, enabled, round]);
}
