import { zodResolver } from '@hookform/resolvers/zod';
import type { AuditEntry } from '@platform/contract/client';
import { useMemo, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/app/use-page-title';
import { Button } from '@/components/button';
import { DataGrid, gridColumns, gridQuery, type GridState } from '@/components/data-grid';
import { Field } from '@/components/field';
import { useAudit } from '../api/audit';
import { auditFilterSchema, type AuditFilter, type AuditFilterInput } from '../forms/audit-filter-schema';
import { featureError, siteDateTime } from '../lib/common';
import { objectText } from '../lib/diff';
import { AuditEntryDialog } from './audit-entry';
import './audit.css';

const EMPTY: AuditFilterInput = { staff: '', action: '', object: '', from: '', to: '' };

/** The filter's text for a field error: the schema's own key (audit.validation.*), else the field's. */
const messageOf = (message: string | undefined, fallback: string) =>
  message?.startsWith('audit.') ? message : fallback;

/**
 * The audit (owner, risk, analyst): every staff action, newest first, filtered by staff, action,
 * object and a range of site days (Asia/Dhaka); the row count and a CSV of the same filter; a row
 * opens who, role, address, action, object, reason and the before/after diff.
 */
export function AuditPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('audit.title'));
  const [state, setState] = useState<GridState>({ page: 1, pageSize: 50, sort: null });
  const [filter, setFilter] = useState<AuditFilter>({});
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const list = useAudit({ ...gridQuery(state), order: 'desc', ...filter });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<AuditFilterInput, unknown, AuditFilter>({
    resolver: zodResolver(auditFilterSchema) as unknown as Resolver<AuditFilterInput, unknown, AuditFilter>,
    defaultValues: EMPTY,
  });

  const columns = useMemo(() => {
    const c = gridColumns<AuditEntry>();
    return c.columns([
      c.accessor('at', {
        header: () => t('audit.columns.at'),
        cell: (info) => siteDateTime(info.getValue(), i18n.language),
        enableSorting: false,
      }),
      c.accessor('actor', { header: () => t('audit.columns.staff'), enableSorting: false }),
      c.accessor('role', {
        header: () => t('audit.columns.role'),
        cell: (info) => info.getValue() ?? '—',
        enableSorting: false,
      }),
      c.accessor('action', { header: () => t('audit.columns.action'), enableSorting: false }),
      c.accessor('target', {
        header: () => t('audit.columns.object'),
        cell: (info) => objectText(info.getValue()),
        enableSorting: false,
      }),
      c.accessor('reason', {
        header: () => t('audit.columns.reason'),
        cell: (info) => info.getValue() ?? '—',
        enableSorting: false,
      }),
      c.display({
        id: 'open',
        header: () => t('audit.columns.open'),
        cell: (info) => (
          <Button variant="secondary" onClick={() => setOpen(info.row.original)}>
            {t('audit.open', { seq: info.row.original.seq })}
          </Button>
        ),
      }),
    ]);
  }, [t, i18n.language]);

  const onSubmit = handleSubmit((values) => {
    setFilter(values);
    setState((now) => ({ ...now, page: 1 }));
  });

  return (
    <>
      <h1 tabIndex={-1}>{t('audit.title')}</h1>
      <p className="muted">{t('audit.intro')}</p>
      <form
        className="page-card audit-filter"
        role="search"
        aria-label={t('audit.filter')}
        onSubmit={(event) => void onSubmit(event)}
        noValidate
      >
        <Field
          label={t('audit.filters.staff')}
          hint={t('audit.filters.staffHint')}
          autoComplete="off"
          error={errors.staff ? t('audit.validation.text') : undefined}
          {...register('staff')}
        />
        <Field
          label={t('audit.filters.action')}
          hint={t('audit.filters.actionHint')}
          autoComplete="off"
          error={errors.action ? t('audit.validation.text') : undefined}
          {...register('action')}
        />
        <Field
          label={t('audit.filters.object')}
          hint={t('audit.filters.objectHint')}
          autoComplete="off"
          error={errors.object ? t('audit.validation.text') : undefined}
          {...register('object')}
        />
        <Field
          label={t('audit.filters.from')}
          hint={t('audit.filters.dayHint')}
          type="date"
          error={errors.from ? t('audit.validation.day') : undefined}
          {...register('from')}
        />
        <Field
          label={t('audit.filters.to')}
          hint={t('audit.filters.dayHint')}
          type="date"
          error={errors.to ? t(messageOf(errors.to.message, 'audit.validation.day')) : undefined}
          {...register('to')}
        />
        <div className="audit-filter__buttons">
          <Button type="submit">{t('audit.apply')}</Button>
          <Button
            variant="secondary"
            onClick={() => {
              reset(EMPTY);
              setFilter({});
              setState((now) => ({ ...now, page: 1 }));
            }}
          >
            {t('audit.clear')}
          </Button>
        </div>
      </form>
      <DataGrid<AuditEntry>
        caption={t('audit.caption')}
        columns={columns}
        rows={list.data?.items}
        rowCount={list.data?.totalCount}
        state={state}
        onStateChange={setState}
        status={list.status}
        error={list.error ? featureError(t, list.error, 'audit') : undefined}
        onRetry={() => void list.refetch()}
        rowId={(row) => row.seq}
        csv={{ call: 'adminAudit', query: { ...filter, order: 'desc' }, fileName: 'audit.csv' }}
      />
      {open ? <AuditEntryDialog entry={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
