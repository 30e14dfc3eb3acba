import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * A queue's statuses as links (?status=), so each has an address and the back button works; the
 * current one is marked for screen readers too.
 */
export function StatusTabs({
  label,
  statuses,
  current,
  text,
}: {
  label: string;
  statuses: readonly string[];
  current: string;
  text: (status: string) => string;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={label}>
      <ul className="queue-tabs">
        {statuses.map((status) => (
          <li key={status}>
            <Link
              to={`?status=${status}`}
              aria-current={status === current ? 'page' : undefined}
              title={t('queues.showStatus', { status: text(status) })}
            >
              {text(status)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
