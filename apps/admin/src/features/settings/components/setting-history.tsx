import type { AuditEntry } from '@platform/contract/client';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid, gridColumns, type GridState } from '@/components/data-grid';
import { useSettingHistory } from '../api/settings';
import { featureError, siteDateTime } from '../lib/common';

const json = (value: unknown) => (value === undefined || value === null ? '—' : JSON.stringify(value));

/** A setting's history from the audit: who, when, before, after and the reason, newest first. */
export function SettingHistory({ settingKey }: { settingKey: string }) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<GridState>({ page: 1, pageSize: 20, sort: null });
  const history = useSettingHistory(settingKey, state.page, state.pageSize);
  const columns = useMemo(() => {
    const c = gridColumns<AuditEntry>();
    return c.columns([
      c.accessor('at', {
        header: () => t('settings.historyColumns.at'),
        cell: (info) => siteDateTime(info.getValue(), i18n.language),
        enableSorting: false,
      }),
      c.accessor('actor', { header: () => t('settings.historyColumns.who'), enableSorting: false }),
      c.accessor('action', { header: () => t('settings.historyColumns.action'), enableSorting: false }),
      c.accessor('before', {
        header: () => t('settings.historyColumns.before'),
        cell: (info) => <code className="setting-history__json">{json(info.getValue())}</code>,
        enableSorting: false,
      }),
      c.accessor('after', {
        header: () => t('settings.historyColumns.after'),
        cell: (info) => <code className="setting-history__json">{json(info.getValue())}</code>,
        enableSorting: false,
      }),
      c.accessor('reason', {
        header: () => t('settings.historyColumns.reason'),
        cell: (info) => info.getValue() ?? '—',
        enableSorting: false,
      }),
    ]);
  }, [t, i18n.language]);
  return (
    <DataGrid<AuditEntry>
      caption={t('settings.historyCaption', { key: settingKey })}
      columns={columns}
      rows={history.data?.items}
      rowCount={history.data?.totalCount}
      state={state}
      onStateChange={setState}
      status={history.status}
      error={history.error ? featureError(t, history.error, 'settings') : undefined}
      onRetry={() => void history.refetch()}
      rowId={(row) => row.seq}
    />
  );
}
