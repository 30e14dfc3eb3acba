import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/states';

/** What a content page shows while its chunk is on its way. */
export function ContentPageFallback() {
  const { t } = useTranslation('content');
  return <Spinner label={t('states.loading')} />;
}
