import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from './coming-soon-page';

// Placeholder frame until this area's issue lands; kept as its own module so it stays its own chunk.
export function LotteryPage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t('pages.lottery')} />;
}
