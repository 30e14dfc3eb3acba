import { useEffect, useRef, useState } from 'react';

/**
 * The default game art (SPEC section 8: the default image after a failed load), drawn for this project:
 * a die and a card on the site's night blue. Inline, so a failure never costs another request.
 */
export const DEFAULT_GAME_IMAGE = `data:image/svg+xml,${encodeURIComponent(
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 160 160'>" +
    "<defs><linearGradient id='g' x1='0' y1='0' x2='1' y2='1'><stop offset='0' stop-color='#27365a'/>" +
    "<stop offset='1' stop-color='#0b1120'/></linearGradient></defs>" +
    "<rect width='160' height='160' fill='url(#g)'/>" +
    "<rect x='78' y='38' width='46' height='66' rx='6' fill='#eef2fb' transform='rotate(12 101 71)'/>" +
    "<path d='M101 58l9 13-9 13-9-13z' fill='#ff6b6b' transform='rotate(12 101 71)'/>" +
    "<rect x='34' y='62' width='54' height='54' rx='10' fill='#f5c542'/>" +
    "<g fill='#1a1300'><circle cx='47' cy='75' r='5'/><circle cx='61' cy='89' r='5'/><circle cx='75' cy='103' r='5'/></g>" +
    '</svg>',
)}`;

/** SPEC section 9: images start loading 1.3 screens ahead, get 3 attempts, and 200 are remembered. */
export const PRELOAD_FACTOR = 1.3;
export const MAX_ATTEMPTS = 3;
const CACHE_SIZE = 200;

/** Addresses already shown: shown again at once (a revisited tab), without waiting to scroll near. */
const loaded = new Set<string>();
function remember(src: string): void {
  loaded.delete(src);
  loaded.add(src);
  if (loaded.size > CACHE_SIZE) {
    const oldest = loaded.values().next().value;
    if (oldest !== undefined) loaded.delete(oldest);
  }
}

const rootMargin = `0px 0px ${Math.round((PRELOAD_FACTOR - 1) * 100)}% 0px`;

export interface GameThumbnailProps {
  /** the game's art, or null for the default image */
  src: string | null;
  /** the game's name is said by the button around it: the art itself is decoration */
  className?: string;
}

/**
 * A game's square art, loaded when it comes within 1.3 screens of view (IntersectionObserver), tried up
 * to three times, then the default image. Square, with its size reserved, so the grid never jumps.
 */
export function GameThumbnail({ src, className }: GameThumbnailProps) {
  const holder = useRef<HTMLSpanElement>(null);
  const [near, setNear] = useState(() => src !== null && loaded.has(src));
  const [attempt, setAttempt] = useState(1);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (near || src === null) return;
    const element = holder.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, src]);

  const showDefault = src === null || failed;
  return (
    <span ref={holder} className={`game-thumb${className ? ` ${className}` : ''}`}>
      {showDefault || near ? (
        <img
          // A new element per attempt: the browser asks again instead of reusing the failure.
          key={attempt}
          src={showDefault ? DEFAULT_GAME_IMAGE : src}
          alt=""
          width={160}
          height={160}
          decoding="async"
          onLoad={() => {
            if (!showDefault) remember(src);
          }}
          onError={() => {
            if (showDefault) return;
            if (attempt < MAX_ATTEMPTS) setAttempt(attempt + 1);
            else setFailed(true);
          }}
        />
      ) : null}
    </span>
  );
}
