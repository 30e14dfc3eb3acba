import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/app/use-page-title';
import { ErrorState, Loading } from '@/components/states';
import { useSettings } from '../api/settings';
import { featureError } from '../lib/common';
import { SettingCard } from './setting-card';
import './settings.css';

/** A setting with a page of its own: the same calls and form as the settings page. */
function SingleSettingPage({ settingKey, page }: { settingKey: string; page: 'maintenance' | 'region' }) {
  const { t } = useTranslation();
  usePageTitle(t(`settings.pages.${page}.title`));
  const settings = useSettings();
  const setting = settings.data?.find((one) => one.key === settingKey);
  return (
    <>
      <h1 tabIndex={-1}>{t(`settings.pages.${page}.title`)}</h1>
      <p className="muted">{t(`settings.pages.${page}.intro`)}</p>
      {settings.status === 'pending' ? <Loading /> : null}
      {settings.status === 'error' ? (
        <ErrorState
          message={featureError(t, settings.error, 'settings')}
          onRetry={() => void settings.refetch()}
        />
      ) : null}
      {settings.data && !setting ? <p>{t('settings.empty')}</p> : null}
      {setting ? (
        <div className="settings-single">
          <SettingCard setting={setting} headingLevel={2} />
        </div>
      ) : null}
    </>
  );
}

export const MaintenancePage = () => <SingleSettingPage settingKey="system.maintenance" page="maintenance" />;
export const RegionRulesPage = () => (
  <SingleSettingPage settingKey="system.regionRestriction" page="region" />
);
