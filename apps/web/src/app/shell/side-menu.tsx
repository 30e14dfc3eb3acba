import { socialNames, type GameCategory } from '@platform/contract/client';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { useRequireLogin, useRequireRealAccount } from '@/features/auth';
import { memberCentreSearch } from '@/features/member';
import {
  categoriesWithVendors,
  categoryPaths,
  LOTTERY_DIRECT_VENDOR,
  useGameVendors,
  useStartVendor,
} from '@/features/game';
import { useDismissableLayer } from '@/components';
import { useCustomerService, useSiteInfo } from '@/features/system';
import type { ShellModal } from './content-slots';
import { Icon, type IconName } from './icons';
import { LanguageSelect, useOfferedLanguages } from './language-select';
import { safeExternalUrl } from './safe-url';
import { ThemeSwitch } from './theme-switch';

interface SideMenuProps {
  /** drawer state on small screens; on wide screens the menu is always there */
  open: boolean;
  onClose(): void;
  mini: boolean;
  /** the page has no side menu of its own: a drawer at every width, offered by the header on phones */
  drawerOnly?: boolean;
  onMiniChange(mini: boolean): void;
  onOpenModal(modal: ShellModal): void;
}

const isSocialName = (value: string): value is (typeof socialNames)[number] =>
  (socialNames as readonly string[]).includes(value);

function navClass({ isActive }: { isActive: boolean }): string {
  return `side-menu__item${isActive ? ' side-menu__item--active' : ''}`;
}

function Label({ children }: { children: string }) {
  return <span className="side-menu__label">{children}</span>;
}

export function SideMenu({
  open,
  onClose,
  mini,
  drawerOnly = false,
  onMiniChange,
  onOpenModal,
}: SideMenuProps) {
  const { t } = useTranslation();
  const info = useSiteInfo();
  const vendors = useGameVendors();
  const startVendor = useStartVendor();
  const languages = useOfferedLanguages();
  const [supportOpen, setSupportOpen] = useState(false);
  const closeRef = useRef<HTMLButtonElement>(null);
  const asideRef = useRef<HTMLElement>(null);
  const categories = categoriesWithVendors(vendors.data);
  const customerService = useCustomerService();
  const navigate = useNavigate();
  const location = useLocation();
  const requireLogin = useRequireLogin();
  const requireRealAccount = useRequireRealAccount();
  const socials = info.resources.flatMap((resource) => {
    const href = safeExternalUrl(resource.url);
    return resource.resourceType === 'SOCIAL' && isSocialName(resource.labelNameEn) && href
      ? [{ name: resource.labelNameEn, href }]
      : [];
  });

  // The open drawer is a layer over the page: it takes focus, Escape closes it, focus goes back to the
  // menu button.
  useDismissableLayer({
    open,
    onDismiss: onClose,
    containerRef: asideRef,
    initialFocus: () => closeRef.current,
  });

  const categoryEntry = (category: GameCategory) => {
    const label = t(`categories.${category}`);
    const icon: IconName = category;
    if (category === 'LOTT') {
      // SPEC: the lottery entry starts its vendor directly instead of opening a lobby.
      return (
        <button
          type="button"
          className="side-menu__item"
          onClick={() => startVendor(LOTTERY_DIRECT_VENDOR)}
          title={mini ? label : undefined}
        >
          <Icon name={icon} />
          <Label>{label}</Label>
        </button>
      );
    }
    return (
      <NavLink to={categoryPaths[category]} className={navClass} title={mini ? label : undefined}>
        <Icon name={icon} />
        <Label>{label}</Label>
      </NavLink>
    );
  };

  return (
    <>
      <aside
        ref={asideRef}
        id="side-menu"
        className={`side-menu${open ? ' side-menu--open' : ''}${mini ? ' side-menu--mini' : ''}${
          drawerOnly ? ' side-menu--drawer-only' : ''
        }`}
      >
        <div className="side-menu__top">
          <button
            ref={closeRef}
            type="button"
            className="icon-button side-menu__close"
            aria-label={t('header.closeMenu')}
            onClick={onClose}
          >
            <Icon name="close" />
          </button>
          <button
            type="button"
            className="icon-button side-menu__mini-toggle"
            aria-label={mini ? t('nav.expand') : t('nav.collapse')}
            aria-expanded={!mini}
            aria-controls="side-menu"
            onClick={() => onMiniChange(!mini)}
          >
            <Icon name={mini ? 'expand' : 'collapse'} />
          </button>
        </div>
        <nav aria-label={t('nav.main')} className="side-menu__nav">
          <ul className="side-menu__list">
            <li>
              <NavLink to="/" end className={navClass} title={mini ? t('nav.home') : undefined}>
                <Icon name="home" />
                <Label>{t('nav.home')}</Label>
              </NavLink>
            </li>
            {categories.map((category) => (
              <li key={category}>{categoryEntry(category)}</li>
            ))}
            <li>
              <NavLink to="/promotions" className={navClass} title={mini ? t('nav.promotions') : undefined}>
                <Icon name="gift" />
                <Label>{t('nav.promotions')}</Label>
              </NavLink>
            </li>
            <li>
              <NavLink to="/pointMall" className={navClass} title={mini ? t('nav.pointMall') : undefined}>
                <Icon name="shop" />
                <Label>{t('nav.pointMall')}</Label>
              </NavLink>
            </li>
          </ul>

          {languages.length > 1 ? (
            <div className="side-menu__section">
              {mini ? (
                <button
                  type="button"
                  className="side-menu__item"
                  title={t('nav.language')}
                  onClick={() => onMiniChange(false)}
                >
                  <Icon name="globe" />
                  <Label>{t('nav.language')}</Label>
                </button>
              ) : (
                <div className="side-menu__language">
                  <Icon name="globe" />
                  <LanguageSelect showLabel className="side-menu__language-select" />
                </div>
              )}
            </div>
          ) : null}

          <div className="side-menu__section">
            <ThemeSwitch className="side-menu__item side-menu__theme">
              <Label>{t('header.darkMode')}</Label>
              {/* The switch's state for the eye; aria-checked says it to screen readers. */}
              <span className="side-menu__switch-track" aria-hidden="true" />
            </ThemeSwitch>
          </div>

          <div className="side-menu__section">
            <button
              type="button"
              className="side-menu__item side-menu__toggle"
              aria-expanded={supportOpen && !mini}
              aria-controls="side-menu-support"
              title={mini ? t('nav.support') : undefined}
              onClick={() => {
                if (mini) {
                  onMiniChange(false);
                  setSupportOpen(true);
                } else setSupportOpen(!supportOpen);
              }}
            >
              <Icon name="headset" />
              <Label>{t('nav.support')}</Label>
              <span className={`side-menu__chevron${supportOpen ? ' side-menu__chevron--open' : ''}`}>
                <Icon name="chevron" />
              </span>
            </button>
            <ul id="side-menu-support" className="side-menu__sublist" hidden={!supportOpen || mini}>
              {customerService ? (
                <li>
                  <button type="button" className="side-menu__subitem" onClick={customerService.open}>
                    <Icon name="chat" />
                    <span>{t('nav.onlineSupport')}</span>
                  </button>
                </li>
              ) : null}
              <li>
                <button
                  type="button"
                  className="side-menu__subitem"
                  onClick={() =>
                    requireLogin(() => void navigate(memberCentreSearch('messageV2', location.search)))
                  }
                >
                  <Icon name="mail" />
                  <span>{t('nav.messages')}</span>
                </button>
              </li>
              <li>
                <button
                  type="button"
                  className="side-menu__subitem"
                  onClick={() => requireRealAccount(() => void navigate('/chat'))}
                >
                  <Icon name="chat" />
                  <span>{t('nav.chat')}</span>
                </button>
              </li>
              <li>
                <button
                  type="button"
                  className="side-menu__subitem"
                  onClick={() => onOpenModal('announcements')}
                >
                  <Icon name="bell" />
                  <span>{t('nav.announcements')}</span>
                </button>
              </li>
              <li>
                <Link to="/feedback" className="side-menu__subitem">
                  <Icon name="mail" />
                  <span>{t('nav.feedback')}</span>
                </Link>
              </li>
              <li>
                <Link to="/help" className="side-menu__subitem">
                  <Icon name="help" />
                  <span>{t('nav.help')}</span>
                </Link>
              </li>
            </ul>
          </div>

          <div className="side-menu__section">
            <button
              type="button"
              className="side-menu__item"
              title={mini ? t('nav.appDownload') : undefined}
              onClick={() => onOpenModal('appDownload')}
            >
              <Icon name="qr" />
              <Label>{t('nav.appDownload')}</Label>
            </button>
          </div>

          {socials.length > 0 ? (
            <div className="side-menu__section">
              <p className="side-menu__heading" id="side-menu-social">
                {t('nav.social')}
              </p>
              <ul className="side-menu__social" aria-labelledby="side-menu-social">
                {socials.map((social) => (
                  <li key={`${social.name}-${social.href}`}>
                    <a
                      href={social.href}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="icon-button side-menu__social-link"
                      aria-label={`${social.name} ${t('nav.opensNewWindow')}`}
                    >
                      <Icon name={social.name} />
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </nav>
      </aside>
      {open ? <div className="side-menu__backdrop" aria-hidden="true" onClick={onClose} /> : null}
    </>
  );
}
