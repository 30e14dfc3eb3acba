import type { SystemStatus } from '@platform/contract/client';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/dates';
import { StatusPageFrame } from './status-page-frame';

export function MaintenancePage({ status }: { status: SystemStatus }) {
  const { t, i18n } = useTranslation();
  // An end the operator wrote that is no date is left out rather than shown raw.
  const endTime =
    status.maintenanceEnd && !Number.isNaN(Date.parse(status.maintenanceEnd))
      ? formatDateTime(status.maintenanceEnd, i18n.language)
      : null;
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
