import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/dates';

export function PromotionDates({ startsAt, endsAt }: { startsAt: string; endsAt: string | null }) {
  const { t, i18n } = useTranslation('content');
  const start = formatDate(startsAt, i18n.language);
  return (
    <p className="content-promotion-dates">
      {endsAt
        ? t('promotions.period', { start, end: formatDate(endsAt, i18n.language) })
        : t('promotions.periodOpenEnded', { start })}
    </p>
  );
}
