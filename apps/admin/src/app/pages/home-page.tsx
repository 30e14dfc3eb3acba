import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useStaffSession } from '@/lib/session';
import { visibleEntries } from '../menu';
import { usePageTitle } from '../use-page-title';

/** The overview: a placeholder until the dashboard (part 1's later pages) gives it figures. */
export function HomePage() {
  const { t } = useTranslation();
  const session = useStaffSession();
  usePageTitle(t('home.title'));
  const entries = visibleEntries(session?.roles ?? []);
  return (
    <>
      <h1 tabIndex={-1}>{t('home.title')}</h1>
      <div className="page-card">
        <p>{t('home.welcome', { name: session?.username ?? '' })}</p>
        <p className="muted">{t('home.intro')}</p>
        <h2>{t('home.yourPages')}</h2>
        {entries.length === 0 ? (
          <p>{t('home.noPages')}</p>
        ) : (
          <ul className="link-list">
            {entries.map((entry) => (
              <li key={entry.path}>
                <Link to={`/${entry.path}`}>{t(entry.label)}</Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
