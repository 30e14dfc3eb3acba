import { useEffect, useState } from 'react';

/**
 * Seconds left until `at` by the server’s clock; the caller keys its component by `at`, so a new
 * target starts afresh.
 */
export function useSecondsUntil(at: string, serverTime: string, onZero?: () => void): number {
  const [offset] = useState(() => Date.parse(serverTime) - Date.now());
  const left = () => Math.max(0, Math.ceil((Date.parse(at) - (Date.now() + offset)) / 1000));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    const timer = setInterval(() => {
      const next = left();
      setSeconds(next);
      if (next === 0) {
        clearInterval(timer);
        onZero?.();
      }
    }, 1000);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one timer per target (the caller keys it by target)
  }, []);
  return seconds;
}

export function clockText(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}
