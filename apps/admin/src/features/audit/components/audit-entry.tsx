import type { AuditEntry } from '@platform/contract/client';
import { useTranslation } from 'react-i18next';
import { objectText } from '../lib/diff';
import { siteDateTime } from '../lib/common';
import { AuditDiff } from './audit-diff';
import { Modal } from './modal';

/** One audit entry: who, with which role, from where, what, on which object, why, and the diff. */
export function AuditEntryDialog({ entry, onClose }: { entry: AuditEntry; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Modal title={t('audit.entry.title', { seq: entry.seq })} onClose={onClose} wide>
      <dl className="audit-facts">
        <dt>{t('audit.columns.at')}</dt>
        <dd>{siteDateTime(entry.at, i18n.language)}</dd>
        <dt>{t('audit.columns.staff')}</dt>
        <dd>{entry.actor}</dd>
        <dt>{t('audit.columns.role')}</dt>
        <dd>{entry.role ?? '—'}</dd>
        <dt>{t('audit.entry.address')}</dt>
        <dd>{entry.ip ?? '—'}</dd>
        <dt>{t('audit.columns.action')}</dt>
        <dd>{entry.action}</dd>
        <dt>{t('audit.columns.object')}</dt>
        <dd>{objectText(entry.target)}</dd>
        <dt>{t('audit.columns.reason')}</dt>
        <dd>{entry.reason ?? '—'}</dd>
      </dl>
      <h3>{t('audit.entry.diff')}</h3>
      <AuditDiff before={entry.before} after={entry.after} />
    </Modal>
  );
}
