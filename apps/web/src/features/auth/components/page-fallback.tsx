import { useTranslation } from 'react-i18next';
// The states module alone: the components index would put every primitive in the first load.
import { Spinner } from '@/components/states';

/** What an auth page shows while its chunk is on its way. */
export function AuthPageFallback() {
  const { t } = useTranslation('auth');
  return <Spinner label={t('loading')} />;
}
