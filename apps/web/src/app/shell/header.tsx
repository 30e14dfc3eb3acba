import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HeaderAuth } from '@/features/auth';
import { useUnreadCount } from '@/features/member';
import { useSiteInfo } from '@/features/system';
import { HeaderBalance } from '@/features/wallet';
import { Icon } from './icons';
import { LanguageSelect } from './language-select';
import { ThemeSwitch } from './theme-switch';

interface HeaderProps {
  /** present when the page has the side drawer: the narrow header leaves its extras to it */
  onOpenMenu?: () => void;
  menuOpen: boolean;
  /** the page has no side menu of its own: the drawer is for narrow screens only */
  drawerOnly?: boolean;
  onOpenAnnouncements(): void;
}

/**
 * The header. On a narrow screen it keeps only what a thumb needs at 320 px (menu, logo, balance,
 * account or log in / register); the language, theme and announcements are in the drawer then.
 */
export function Header({ onOpenMenu, menuOpen, drawerOnly = false, onOpenAnnouncements }: HeaderProps) {
  const { t } = useTranslation();
  const info = useSiteInfo();
  const unread = useUnreadCount();
  return (
    <header className={`header${onOpenMenu ? ' header--with-menu' : ''}`}>
      {onOpenMenu ? (
        <button
          type="button"
          className={`icon-button header__menu${drawerOnly ? ' header__menu--drawer-only' : ''}`}
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
        <LanguageSelect className="header__language header__extra" />
        <ThemeSwitch className="icon-button header__theme header__extra" />
        <Link
          to="/pointMall"
          className="icon-button header__mall header__extra"
          aria-label={t('nav.pointMall')}
        >
          <Icon name="shop" />
        </Link>
        <button
          type="button"
          className="icon-button header__bell header__extra"
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
