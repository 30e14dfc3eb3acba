import { useTranslation } from 'react-i18next';
import { auditDiff } from '../lib/diff';

/**
 * Before and after side by side, one key per row; a changed key is marked in words (for screen
 * readers) and by colour. Nothing on either side says so.
 */
export function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation();
  const rows = auditDiff(before, after);
  if (rows.length === 0) return <p>{t('audit.diff.none')}</p>;
  const changed = rows.filter((row) => row.changed).length;
  return (
    <div className="audit-diff">
      <table>
        <caption>{t('audit.diff.caption', { count: changed })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('audit.diff.key')}</th>
            <th scope="col">{t('audit.diff.before')}</th>
            <th scope="col">{t('audit.diff.after')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.path} className={row.changed ? 'audit-diff__changed' : undefined}>
              <th scope="row">
                {row.path || t('audit.diff.value')}
                {row.changed ? <span className="audit-diff__mark"> {t('audit.diff.changed')}</span> : null}
              </th>
              <td>
                {row.before === undefined ? <em>{t('audit.diff.absent')}</em> : <code>{row.before}</code>}
              </td>
              <td>
                {row.after === undefined ? <em>{t('audit.diff.absent')}</em> : <code>{row.after}</code>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
