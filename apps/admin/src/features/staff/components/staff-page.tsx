import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/app/use-page-title';
import { Button } from '@/components/button';
import { DataGrid, gridColumns, gridQuery, type GridState } from '@/components/data-grid';
import { Field } from '@/components/field';
import { useStaffList } from '../api/staff';
import { featureError, siteDateTime } from '../lib/common';
import { AddStaffForm } from './add-staff-form';
import { StaffDialog, type StaffMember } from './staff-dialog';
import './staff.css';

interface StaffRow extends StaffMember {
  totpEnrolled: boolean;
  createdAt: string;
  lastSignInAt: string | null;
}

/** Owners manage staff: the list (filter by name, CSV), adding a member, and each member's dialog. */
export function StaffPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('staff.title'));
  const [state, setState] = useState<GridState>({
    page: 1,
    pageSize: 20,
    sort: { id: 'username', desc: false },
  });
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [open, setOpen] = useState<StaffMember | null>(null);
  const list = useStaffList({ ...gridQuery(state), ...(q ? { q } : {}) });

  const columns = useMemo(() => {
    const c = gridColumns<StaffRow>();
    return c.columns([
      c.accessor('username', { id: 'username', header: () => t('staff.columns.username') }),
      c.accessor('roles', {
        header: () => t('staff.columns.roles'),
        cell: (info) =>
          info
            .getValue()
            .map((role) => t(`roles.${role}`))
            .join(', '),
        enableSorting: false,
      }),
      c.accessor('active', {
        header: () => t('staff.columns.active'),
        cell: (info) => (info.getValue() ? t('staff.yes') : t('staff.disabled')),
        enableSorting: false,
      }),
      c.accessor('totpEnrolled', {
        header: () => t('staff.columns.totp'),
        cell: (info) => (info.getValue() ? t('staff.yes') : t('staff.no')),
        enableSorting: false,
      }),
      c.accessor('createdAt', {
        id: 'createdAt',
        header: () => t('staff.columns.created'),
        cell: (info) => siteDateTime(info.getValue(), i18n.language),
      }),
      c.accessor('lastSignInAt', {
        header: () => t('staff.columns.lastSignIn'),
        cell: (info) => siteDateTime(info.getValue(), i18n.language),
        enableSorting: false,
      }),
      c.display({
        id: 'manage',
        header: () => t('staff.columns.manage'),
        cell: (info) => (
          <Button variant="secondary" onClick={() => setOpen(info.row.original)}>
            {t('staff.manage', { name: info.row.original.username })}
          </Button>
        ),
      }),
    ]);
  }, [t, i18n.language]);

  return (
    <>
      <h1 tabIndex={-1}>{t('staff.title')}</h1>
      <p className="muted">{t('staff.intro')}</p>
      <form
        className="staff-filter"
        role="search"
        aria-label={t('staff.filter')}
        onSubmit={(event) => {
          event.preventDefault();
          setQ(typed.trim());
          setState((now) => ({ ...now, page: 1 }));
        }}
      >
        <Field
          label={t('staff.q')}
          value={typed}
          maxLength={32}
          onChange={(event) => setTyped(event.target.value)}
        />
        <Button type="submit" variant="secondary">
          {t('staff.search')}
        </Button>
      </form>
      <DataGrid<StaffRow>
        caption={t('staff.caption')}
        columns={columns}
        rows={list.data?.items}
        rowCount={list.data?.totalCount}
        state={state}
        onStateChange={setState}
        status={list.status}
        error={list.error ? featureError(t, list.error, 'staff') : undefined}
        onRetry={() => void list.refetch()}
        rowId={(row) => row.username}
        csv={{ call: 'adminStaffList', query: q ? { q } : {}, fileName: 'staff.csv' }}
      />
      <AddStaffForm />
      {open ? <StaffDialog member={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
