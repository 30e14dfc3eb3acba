import type { SystemStatus } from '@platform/contract/client';
import { useTranslation } from 'react-i18next';
import { StatusPageFrame } from './status-page-frame';

function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

export function RestrictedPage({ status }: { status: SystemStatus }) {
  const { t, i18n } = useTranslation();
  const { ip, country } = status.location;
  return (
    <StatusPageFrame title={t('status.restricted.title')} customerServiceUrl={status.customerServiceUrl}>
      <dl className="status-page__facts">
        <div>
          <dt>{t('status.restricted.ip')}</dt>
          <dd>{ip}</dd>
        </div>
        <div>
          <dt>{t('status.restricted.country')}</dt>
          <dd>
            {country
              ? `${countryName(country, i18n.language)} (${country})`
              : t('status.restricted.unknownCountry')}
          </dd>
        </div>
      </dl>
    </StatusPageFrame>
  );
}
