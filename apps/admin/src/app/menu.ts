import type { AdminRole } from '@platform/contract/client';
import { lazy, type ComponentType } from 'react';
import { DepositsBadge, WithdrawalsBadge } from '@/features/queues';
import { mayCall, type NeededCall } from '@/lib/access';

/**
 * The side menu: each entry names the call its page needs, and is shown only to staff one of whose
 * roles that call's declared access lists (lib/access.ts: the contract's table, or the planned access
 * of a call still to come). Part 2 adds entries here and a page per entry in its feature folder.
 */
export interface MenuEntry {
  /** the page's path under /admin/ */
  path: string;
  /** i18n key of its name (menu.*) */
  label: string;
  call: NeededCall;
  /**
   * the page, from its feature's index and in a chunk of its own:
   * `lazy(() => import('@/features/deposits').then((m) => ({ default: m.DepositsPage })))`;
   * without one the entry's page says "coming"
   */
  page?: ComponentType;
  /** a live figure beside the entry (a queue's count), outside the link so its name stays plain */
  badge?: ComponentType;
}

export const menuEntries: readonly MenuEntry[] = [
  {
    path: 'dashboard',
    label: 'menu.dashboard',
    call: 'adminDashboard',
    page: lazy(() => import('@/features/dashboard').then((m) => ({ default: m.DashboardPage }))),
  },
  {
    path: 'players',
    label: 'menu.players',
    call: 'adminPlayerSearch',
    page: lazy(() => import('@/features/players').then((m) => ({ default: m.PlayersPage }))),
  },
  {
    path: 'deposits',
    label: 'menu.deposits',
    call: 'adminDeposits',
    page: lazy(() => import('@/features/deposits').then((m) => ({ default: m.DepositsPage }))),
    badge: DepositsBadge,
  },
  {
    path: 'withdrawals',
    label: 'menu.withdrawals',
    call: 'adminWithdrawals',
    page: lazy(() => import('@/features/withdrawals').then((m) => ({ default: m.WithdrawalsPage }))),
    badge: WithdrawalsBadge,
  },
  {
    path: 'approvals',
    label: 'approvals.menu',
    call: 'adminApprovals',
    page: lazy(() => import('@/features/approvals').then((m) => ({ default: m.ApprovalsPage }))),
  },
  {
    path: 'channels',
    label: 'channels.menu',
    call: 'adminChannels',
    page: lazy(() => import('@/features/channels').then((m) => ({ default: m.ChannelsPage }))),
  },
  {
    path: 'audit',
    label: 'menu.audit',
    call: 'adminAudit',
    page: lazy(() => import('@/features/audit').then((m) => ({ default: m.AuditPage }))),
  },
  {
    path: 'staff',
    label: 'menu.staff',
    call: 'adminStaffList',
    page: lazy(() => import('@/features/staff').then((m) => ({ default: m.StaffPage }))),
  },
  {
    path: 'settings',
    label: 'menu.settings',
    call: 'adminSettings',
    page: lazy(() => import('@/features/settings').then((m) => ({ default: m.SettingsPage }))),
  },
  {
    path: 'maintenance',
    label: 'settings.menuMaintenance',
    call: 'adminSettings',
    page: lazy(() => import('@/features/settings').then((m) => ({ default: m.MaintenancePage }))),
  },
  {
    path: 'region-rules',
    label: 'settings.menuRegion',
    call: 'adminSettings',
    page: lazy(() => import('@/features/settings').then((m) => ({ default: m.RegionRulesPage }))),
  },
  {
    path: 'profile',
    label: 'profile.menu',
    call: 'adminMe',
    page: lazy(() => import('@/features/profile').then((m) => ({ default: m.ProfilePage }))),
  },
];

/** The entries a staff member with these roles may open. */
export const visibleEntries = (roles: readonly AdminRole[]): MenuEntry[] =>
  menuEntries.filter((entry) => mayCall(roles, entry.call));
