import type { AdminSetting } from '@platform/contract/client';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '@/app/use-page-title';
import { ErrorState, Loading } from '@/components/states';
import { useSettings } from '../api/settings';
import { featureError } from '../lib/common';
import { SettingCard } from './setting-card';
import './settings.css';

/** Settings with pages of their own (Maintenance, Region rules) are edited there. */
export const OWN_PAGES: readonly string[] = ['system.maintenance', 'system.regionRestriction'];

function groupsOf(settings: readonly AdminSetting[]): Map<string, AdminSetting[]> {
  const groups = new Map<string, AdminSetting[]>();
  for (const setting of settings) {
    if (OWN_PAGES.includes(setting.key)) continue;
    groups.set(setting.group, [...(groups.get(setting.group) ?? []), setting]);
  }
  return groups;
}

/** Every operator setting (owners), by group: one group shown at a time, chosen in the section list. */
export function SettingsPage() {
  const { t } = useTranslation();
  usePageTitle(t('settings.title'));
  const settings = useSettings();
  const [params, setParams] = useSearchParams();
  const groups = settings.data ? groupsOf(settings.data) : new Map<string, AdminSetting[]>();
  const names = [...groups.keys()];
  const chosen =
    params.get('group') && groups.has(params.get('group') ?? '') ? params.get('group') : names[0];
  const shown = chosen ? (groups.get(chosen) ?? []) : [];

  return (
    <>
      <h1 tabIndex={-1}>{t('settings.title')}</h1>
      <p className="muted">{t('settings.intro')}</p>
      {settings.status === 'pending' ? <Loading /> : null}
      {settings.status === 'error' ? (
        <ErrorState
          message={featureError(t, settings.error, 'settings')}
          onRetry={() => void settings.refetch()}
        />
      ) : null}
      {settings.data && names.length === 0 ? <p>{t('settings.empty')}</p> : null}
      {names.length > 0 ? (
        <div className="settings-layout">
          <nav className="settings-groups" aria-label={t('settings.groups')}>
            <ul>
              {names.map((name) => (
                <li key={name}>
                  <a
                    href={`?group=${encodeURIComponent(name)}`}
                    aria-current={name === chosen ? 'true' : undefined}
                    onClick={(event) => {
                      event.preventDefault();
                      setParams({ group: name });
                    }}
                  >
                    {t(`settings.groupNames.${name}`, { defaultValue: name })}
                    <span className="settings-groups__count"> ({groups.get(name)?.length ?? 0})</span>
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div className="settings-list">
            <h2>{chosen ? t(`settings.groupNames.${chosen}`, { defaultValue: chosen }) : null}</h2>
            {shown.map((setting) => (
              <SettingCard key={setting.key} setting={setting} />
            ))}
          </div>
        </div>
      ) : null}
    </>
  );
}
