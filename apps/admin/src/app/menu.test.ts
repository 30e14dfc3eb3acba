import { describe, expect, it } from 'vitest';
import { isContractCall, mayCall, plannedCalls } from '@/lib/access';
import { sessionFromLogin } from '@/lib/session';
import { menuEntries, visibleEntries } from './menu';

const paths = (roles: Parameters<typeof visibleEntries>[0]) =>
  visibleEntries(roles).map((entry) => entry.path);

describe('the side menu follows the calls’ declared access', () => {
  it('shows an owner every entry', () => {
    expect(paths(['owner'])).toEqual(menuEntries.map((entry) => entry.path));
  });

  it('shows finance the money queues, and support neither them nor staff or audit', () => {
    expect(paths(['finance'])).toEqual(expect.arrayContaining(['deposits', 'withdrawals']));
    expect(paths(['finance'])).not.toContain('staff');
    expect(paths(['support'])).not.toContain('deposits');
    expect(paths(['support'])).not.toContain('withdrawals');
    expect(paths(['support'])).not.toContain('audit');
  });

  it('adds up the entries of several roles', () => {
    const both = paths(['support', 'finance']);
    expect(both).toEqual(expect.arrayContaining([...paths(['support']), ...paths(['finance'])]));
  });

  it('shows nothing to staff without a role', () => {
    expect(paths([])).toEqual([]);
  });

  it('reads a call’s access from the contract', () => {
    // adminDeposits is in the contract: owner and finance.
    expect(mayCall(['finance'], 'adminDeposits')).toBe(true);
    expect(mayCall(['support'], 'adminDeposits')).toBe(false);
    // A call the contract has is never also planned: the contract's access would win anyway.
    expect(Object.keys(plannedCalls).filter((name) => isContractCall(name))).toEqual([]);
  });
});

describe('the login answer', () => {
  it('opens a session from one role (servers before issue 27) or several', () => {
    expect(sessionFromLogin({ token: 't', username: 'a', role: 'owner' }).roles).toEqual(['owner']);
    expect(sessionFromLogin({ token: 't', username: 'a', roles: ['finance', 'risk'] }).roles).toEqual([
      'finance',
      'risk',
    ]);
  });
});
