import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { auditDiff, objectText } from '../lib/diff';
import { AuditDiff } from './audit-diff';

describe('the audit’s before/after diff', () => {
  it('lines up every key of either side and marks the changed ones', () => {
    expect(
      auditDiff(
        { roles: ['finance'], active: true, limits: { min: '1.00', max: '5.00' } },
        { roles: ['finance', 'risk'], active: true, limits: { min: '1.00', max: '9.00' }, note: 'x' },
      ),
    ).toEqual([
      { path: 'roles', before: '["finance"]', after: '["finance","risk"]', changed: true },
      { path: 'active', before: 'true', after: 'true', changed: false },
      { path: 'limits.min', before: '"1.00"', after: '"1.00"', changed: false },
      { path: 'limits.max', before: '"5.00"', after: '"9.00"', changed: true },
      { path: 'note', before: undefined, after: '"x"', changed: true },
    ]);
  });

  it('compares plain values and treats a missing side as no keys', () => {
    expect(auditDiff(30, 45)).toEqual([{ path: '', before: '30', after: '45', changed: true }]);
    expect(auditDiff(null, { roles: ['support'] })).toEqual([
      { path: 'roles', before: undefined, after: '["support"]', changed: true },
    ]);
    expect(auditDiff(null, null)).toEqual([]);
    expect(objectText({ setting: 'staff.shiftHours' })).toBe('setting: staff.shiftHours');
  });

  it('shows the sides in a table with the changes named in words', () => {
    render(<AuditDiff before={{ enabled: false, endTime: null }} after={{ enabled: true, endTime: null }} />);
    const table = screen.getByRole('table', { name: '1 value changed' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('enabled changed');
    expect(rows[1]).toHaveTextContent('falsetrue');
    expect(rows[2]).not.toHaveTextContent('changed');
  });

  it('says so when the entry keeps no values', () => {
    render(<AuditDiff before={null} after={null} />);
    expect(screen.getByText('This entry keeps no before or after values.')).toBeInTheDocument();
  });
});
