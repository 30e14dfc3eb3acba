import { useEffect } from 'react';
import { useLocation } from 'react-router';

// Lazy pages render their anchors a little later; look for the target a few times before giving up.
const HASH_RETRY_DELAYS_MS = [0, 100, 300, 800];

/** SPEC section 2: navigation scrolls to the top, or to the #hash target when there is one. */
export function ScrollManager() {
  // Not on a query change alone: switching a lobby tab rewrites ?page and must not jump to the top.
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) {
      window.scrollTo({ top: 0, left: 0 });
      return;
    }
    let id: string;
    try {
      id = decodeURIComponent(hash.slice(1));
    } catch {
      id = hash.slice(1);
    }
    const timers = HASH_RETRY_DELAYS_MS.map((delay) =>
      window.setTimeout(() => {
        const target = document.getElementById(id);
        if (!target) return;
        target.scrollIntoView({ block: 'start' });
        timers.forEach((timer) => window.clearTimeout(timer));
      }, delay),
    );
    return () => timers.forEach((timer) => window.clearTimeout(timer));
  }, [pathname, hash]);
  return null;
}
