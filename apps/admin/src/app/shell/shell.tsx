import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';
import { useLogOut, useStaffCheck } from '@/features/session';
import { adminLanguages, languageNames, rememberLanguage, type AdminLanguage } from '@/i18n';
import type { StaffSession } from '@/lib/session';
import { Button } from '@/components/button';
import { visibleEntries } from '../menu';
import './shell.css';

/**
 * The signed-in frame: a top bar (the app, the staff member and their roles, language, log out), the
 * side menu of the pages their roles may use, and the page. On a route change focus moves to the new
 * page's heading, so keyboard and screen-reader users start where the content does.
 */
export function Shell({ session }: { session: StaffSession }) {
  const { t, i18n } = useTranslation();
  const logOut = useLogOut();
  useStaffCheck(session);
  const location = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  // The folded menu (below 900 px) is open for the page it was opened on: going to another closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === location.pathname;
  const entries = visibleEntries(session.roles);
  const firstRender = useRef(true);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const main = mainRef.current;
    if (!main) return;
    const heading = main.querySelector<HTMLElement>('h1');
    if (heading) {
      heading.focus();
      return;
    }
    // A lazily loaded page shows its heading once its chunk has come: focus it when it appears.
    const observer = new MutationObserver(() => {
      const arrived = main.querySelector<HTMLElement>('h1');
      if (!arrived) return;
      observer.disconnect();
      arrived.focus();
    });
    observer.observe(main, { childList: true, subtree: true });
    const stop = setTimeout(() => observer.disconnect(), 10_000);
    return () => {
      clearTimeout(stop);
      observer.disconnect();
    };
  }, [location.pathname]);

  const changeLanguage = (language: AdminLanguage) => {
    rememberLanguage(language);
    void i18n.changeLanguage(language);
  };

  const roleNames = session.roles.map((role) => t(`roles.${role}`)).join(', ');
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <header className="shell__top">
        <Button
          variant="secondary"
          className="shell__menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="side-menu"
          onClick={() => setMenuOpenOn(menuOpen ? null : location.pathname)}
        >
          {menuOpen ? t('shell.closeMenu') : t('shell.openMenu')}
        </Button>
        <p className="shell__brand">{t('app.name')}</p>
        <div className="shell__staff">
          <p className="shell__name">{t('shell.signedInAs', { name: session.username })}</p>
          <p className="shell__roles">{t('shell.roles', { roles: roleNames })}</p>
        </div>
        <label className="shell__language">
          <span className="visually-hidden">{t('shell.language')}</span>
          <select
            value={i18n.language}
            onChange={(event) => changeLanguage(event.target.value as AdminLanguage)}
          >
            {adminLanguages.map((code) => (
              <option key={code} value={code} lang={code}>
                {languageNames[code]}
              </option>
            ))}
          </select>
        </label>
        <Button variant="secondary" onClick={() => void logOut()}>
          {t('shell.logOut')}
        </Button>
      </header>
      <nav
        id="side-menu"
        className={menuOpen ? 'shell__side shell__side--open' : 'shell__side'}
        aria-label={t('shell.mainMenu')}
      >
        <ul>
          <li>
            <NavLink to="/" end>
              {t('menu.home')}
            </NavLink>
          </li>
          {entries.map((entry) => (
            <li key={entry.path}>
              <NavLink to={`/${entry.path}`}>{t(entry.label)}</NavLink>
              {entry.badge ? <entry.badge /> : null}
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" className="shell__main" ref={mainRef} tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
