import { useCallback, useSyncExternalStore } from 'react';
import { storage, storageKeys } from '@/lib/storage';

export type Theme = 'dark' | 'light';

const THEME_COLORS: Record<Theme, string> = { dark: '#0b1120', light: '#f3f5fa' };

/** index.html already applied the stored theme before first paint; this reads what it set. */
export function currentTheme(): Theme {
  return document.documentElement.dataset.theme === 'light' ? 'light' : 'dark';
}

// The header and the side menu each have a switch: both follow one value, the page's.
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[theme]);
  listeners.forEach((listener) => listener());
}

export function useTheme(): { theme: Theme; setTheme(theme: Theme): void; toggleTheme(): void } {
  const theme = useSyncExternalStore(subscribe, currentTheme);
  const setTheme = useCallback((next: Theme) => {
    storage.local.set(storageKeys.theme, next);
    applyTheme(next);
  }, []);
  const toggleTheme = useCallback(() => setTheme(currentTheme() === 'dark' ? 'light' : 'dark'), [setTheme]);
  return { theme, setTheme, toggleTheme };
}
