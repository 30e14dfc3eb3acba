import type { SystemStatus } from '@platform/contract/client';
import { useTranslation } from 'react-i18next';
import { StatusPageFrame } from './status-page-frame';

function formatEndTime(iso: string, language: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

export function MaintenancePage({ status }: { status: SystemStatus }) {
  const { t, i18n } = useTranslation();
  const endTime = status.maintenanceEnd ? formatEndTime(status.maintenanceEnd, i18n.language) : null;
  return (
    <StatusPageFrame
      title={t('status.maintenance.title')}
      subtitle={t('status.maintenance.subtitle')}
      customerServiceUrl={status.customerServiceUrl}
    >
      {endTime && status.maintenanceEnd ? (
        <p className="status-page__detail">
          <time dateTime={status.maintenanceEnd}>{t('status.maintenance.endsAt', { time: endTime })}</time>
        </p>
      ) : null}
    </StatusPageFrame>
  );
}
