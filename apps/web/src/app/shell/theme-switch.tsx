import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icons';
import { useTheme } from './use-theme';

/**
 * The light/dark switch (SPEC section 2). The header shows it as an icon; on narrow screens it moves
 * to the side menu, where it carries its name as a label.
 */
export function ThemeSwitch({ className, children }: { className: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const { theme, toggleTheme } = useTheme();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={theme === 'dark'}
      aria-label={children ? undefined : t('header.darkMode')}
      className={className}
      onClick={toggleTheme}
    >
      <Icon name={theme === 'dark' ? 'moon' : 'sun'} />
      {children}
    </button>
  );
}
