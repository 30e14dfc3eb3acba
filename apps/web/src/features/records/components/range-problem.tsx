import { RECORDS_MAX_DAYS } from '@platform/contract/client';
import { useTranslation } from 'react-i18next';

/** Why the chosen days cannot be asked for, said before any call. */
export function RangeProblem({ problem }: { problem: 'missing' | 'order' | 'tooLong' }) {
  const { t } = useTranslation('records');
  return (
    <p className="records-problem" role="alert">
      {t(`filters.problem.${problem}`, { days: RECORDS_MAX_DAYS })}
    </p>
  );
}
