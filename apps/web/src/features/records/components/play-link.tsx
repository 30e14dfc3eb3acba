import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '@/components';

/** The way on from an empty record: the slots lobby (leaving the centre, whose page is in the address). */
export function PlayLink() {
  const { t } = useTranslation('records');
  return (
    <Link to="/rng" className={buttonClassName('secondary', 'sm')}>
      {t('empty.play')}
    </Link>
  );
}
