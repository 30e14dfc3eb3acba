import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HeaderAuth } from '@/features/auth';
import { useUnreadCount } from '@/features/member';
import { useSiteInfo } from '@/features/system';
import { HeaderBalance } from '@/features/wallet';
import { Icon } from './icons';
import { LanguageSelect } from './language-select';
import { useTheme } from './use-theme';

interface HeaderProps {
  /** present when the route has a side menu: on small screens it is a drawer opened from here */
  onOpenMenu?: () => void;
  menuOpen: boolean;
  onOpenAnnouncements(): void;
}

export function Header({ onOpenMenu, menuOpen, onOpenAnnouncements }: HeaderProps) {
  const { t } = useTranslation();
  const info = useSiteInfo();
  const { theme, toggleTheme } = useTheme();
  const unread = useUnreadCount();
  return (
    <header className="header">
      {onOpenMenu ? (
        <button
          type="button"
          className="icon-button header__menu"
          aria-label={t('header.openMenu')}
          aria-expanded={menuOpen}
          aria-controls="side-menu"
          onClick={onOpenMenu}
        >
          <Icon name="menu" />
        </button>
      ) : null}
      <Link to="/" className="header__brand" aria-label={t('header.home', { site: info.siteName })}>
        <span className="header__logo" aria-hidden="true">
          {info.siteName.slice(0, 1).toUpperCase()}
        </span>
        <span className="header__site-name">{info.siteName}</span>
      </Link>
      <div className="header__actions">
        <LanguageSelect className="header__language" />
        <button
          type="button"
          role="switch"
          aria-checked={theme === 'dark'}
          aria-label={t('header.darkMode')}
          className="icon-button header__theme"
          onClick={toggleTheme}
        >
          <Icon name={theme === 'dark' ? 'moon' : 'sun'} />
        </button>
        <button
          type="button"
          className={`icon-button header__bell${onOpenMenu ? ' header__bell--in-menu' : ''}`}
          aria-label={t('header.announcements')}
          onClick={onOpenAnnouncements}
        >
          <Icon name="bell" />
        </button>
        <HeaderBalance />
        <HeaderAuth unreadCount={unread.data ?? 0} />
      </div>
    </header>
  );
}
