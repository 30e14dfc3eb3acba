import { zodResolver } from '@hookform/resolvers/zod';
import type { PlayerSearchItem } from '@platform/contract';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { usePageTitle } from '@/app/use-page-title';
import { Button } from '@/components/button';
import { DataGrid, gridColumns, type GridState } from '@/components/data-grid';
import { Field } from '@/components/field';
import { usePlayerSearch } from '../api/players';
import { searchFormSchema } from '../forms/schemas';
import { siteDateTime } from '../lib/dates';
import { errorWithCode } from '../lib/error';
import './players.css';

type SearchForm = z.input<typeof searchFormSchema>;

const column = gridColumns<PlayerSearchItem>();

/**
 * Players: one box for any of a member's identifiers (account, username, mobile, email, name, bank
 * account, IP address, device). Each row says what matched and opens the player 360. The query and the
 * page are in the address, so a search can be shared and the back button returns to it.
 */
export function PlayerSearchPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('players.title'));
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const pageSize = Number(params.get('pageSize') ?? 20) || 20;
  const search = usePlayerSearch(q, page, pageSize);

  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SearchForm>({ resolver: zodResolver(searchFormSchema), defaultValues: { q } });

  const onSearch = handleSubmit((values) => {
    const next = new URLSearchParams();
    const text = typeof values.q === 'string' ? values.q.trim() : '';
    if (text) next.set('q', text);
    setParams(next);
  });

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('account', {
          header: () => t('players.columns.account'),
          cell: (info) => (
            <Link
              to={`/players/${info.getValue()}`}
              aria-label={t('players.open', { name: info.row.original.username })}
            >
              {info.getValue()}
            </Link>
          ),
          enableSorting: false,
        }),
        column.accessor('username', { header: () => t('players.columns.username'), enableSorting: false }),
        column.accessor('realName', {
          header: () => t('players.columns.realName'),
          cell: (info) => info.getValue() ?? '—',
          enableSorting: false,
        }),
        column.accessor('mobile', {
          header: () => t('players.columns.mobile'),
          cell: (info) => info.getValue() ?? '—',
          enableSorting: false,
        }),
        column.accessor('email', {
          header: () => t('players.columns.email'),
          cell: (info) => info.getValue() ?? '—',
          enableSorting: false,
        }),
        column.accessor('status', {
          header: () => t('players.columns.status'),
          cell: (info) => t(`players.status.${info.getValue()}`, { defaultValue: info.getValue() }),
          enableSorting: false,
        }),
        column.accessor('createdAt', {
          header: () => t('players.columns.createdAt'),
          cell: (info) => siteDateTime(info.getValue(), i18n.language),
          enableSorting: false,
        }),
        column.accessor('matchedOn', {
          header: () => t('players.columns.matched'),
          cell: (info) => {
            const fields = info.getValue();
            if (fields.length === 0) return '—';
            const names = fields.map((field) => t(`players.fields.${field}`)).join(', ');
            // the value only where the row does not already show it (a bank account, an address, a device)
            const shown = ['account', 'username', 'mobile', 'email', 'realName'];
            const value = fields.every((field) => shown.includes(field))
              ? null
              : info.row.original.matchedValue;
            return (
              <span className="players__match">
                <strong>{names}</strong>
                {value ? <span className="muted"> · {value}</span> : null}
              </span>
            );
          },
          enableSorting: false,
        }),
      ]),
    [t, i18n.language],
  );

  const state: GridState = { page, pageSize, sort: null };
  const onStateChange = (next: GridState) => {
    const updated = new URLSearchParams(params);
    updated.set('page', String(next.page));
    updated.set('pageSize', String(next.pageSize));
    setParams(updated);
  };
  const data = search.data;
  const caption = q ? t('players.resultsFor', { q }) : t('players.newest');

  return (
    <>
      <h1 tabIndex={-1}>{t('players.title')}</h1>
      <div className="page-card">
        <form className="players__search" role="search" onSubmit={onSearch} noValidate>
          <Field
            label={t('players.searchLabel')}
            hint={t('players.searchHint')}
            type="search"
            autoComplete="off"
            error={errors.q ? t('players.validation.q') : undefined}
            {...register('q')}
          />
          <Button type="submit">{t('players.search')}</Button>
        </form>
        {data?.totalCapped ? <p className="muted">{t('players.capped', { count: data.total })}</p> : null}
        <DataGrid
          caption={caption}
          columns={columns}
          rows={data?.items}
          rowCount={data?.total}
          state={state}
          onStateChange={onStateChange}
          status={search.status}
          error={search.error ? errorWithCode(t, search.error) : undefined}
          onRetry={() => void search.refetch()}
          rowId={(row) => row.account}
        />
      </div>
    </>
  );
}
