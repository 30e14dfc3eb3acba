import type { AdminSetting } from '@platform/contract/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { buildForm, checkForm, toFormValues } from '../forms/schema-form';
import { SettingCard } from './setting-card';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Answers every call with the next of `answers`, keeping what was sent. */
function serve(answers: Response[]) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({
        url,
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      const next = answers.shift();
      if (!next) throw new Error('no more answers');
      return next;
    }),
  );
  return calls;
}

const idle: AdminSetting = {
  key: 'staff.sessionIdleMinutes',
  group: 'staff',
  value: 30,
  defaultValue: 30,
  isDefault: true,
  schema: { type: 'integer', minimum: 5, maximum: 480 },
};

const maintenance: AdminSetting = {
  key: 'system.maintenance',
  group: 'system',
  value: { enabled: false, endTime: null },
  defaultValue: { enabled: false, endTime: null },
  isDefault: true,
  schema: {
    type: 'object',
    properties: {
      enabled: { type: 'boolean' },
      endTime: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
    },
    required: ['enabled', 'endTime'],
  },
};

const renderCard = (setting: AdminSetting) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SettingCard setting={setting} />
    </QueryClientProvider>,
  );

afterEach(() => vi.unstubAllGlobals());

describe('the settings form generator', () => {
  it('makes a field per property of an object, each of its kind', () => {
    const form = buildForm({
      type: 'object',
      properties: {
        enabled: { type: 'boolean' },
        percent: { type: 'integer', minimum: 1 },
        rule: { type: 'string', enum: ['refuse', 'forfeit'] },
        countries: { type: 'array', items: { type: 'string', pattern: '^[A-Z]{2}$' } },
        upTo: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        nested: { type: 'object', properties: { a: { type: 'integer' } } },
        rows: { type: 'array', items: { type: 'object' } },
      },
    });
    expect(form.object).toBe(true);
    expect(form.fields.map((field) => [field.property, field.control.kind, field.nullable])).toEqual([
      ['enabled', 'boolean', false],
      ['percent', 'integer', false],
      ['rule', 'enum', false],
      ['countries', 'list', false],
      ['upTo', 'string', true],
      ['nested', 'json', false],
      ['rows', 'json', false],
    ]);
    // A choice of constants (18 or 21) is a choice; a map is JSON text.
    expect(
      buildForm({
        anyOf: [
          { type: 'number', const: 18 },
          { type: 'number', const: 21 },
        ],
      }).fields[0]?.control,
    ).toEqual({
      kind: 'enum',
      options: [18, 21],
    });
    expect(
      buildForm({ type: 'object', additionalProperties: { type: 'integer' } }).fields[0]?.control.kind,
    ).toBe('json');
  });

  it('turns texts back into the value and checks it with the contract’s schema', () => {
    const form = buildForm({
      type: 'object',
      properties: {
        blockedCountries: { type: 'array', items: { type: 'string' } },
        blockedIpRanges: { type: 'array', items: { type: 'string' } },
      },
    });
    const values = toFormValues(form, { blockedCountries: ['US', 'GB'], blockedIpRanges: [] });
    expect(values).toEqual({ f0: 'US\nGB', f1: '' });
    expect(checkForm('system.regionRestriction', form, { f0: ' US \n\nGB', f1: '' })).toEqual({
      ok: true,
      value: { blockedCountries: ['US', 'GB'], blockedIpRanges: [] },
    });
    const bad = checkForm('system.regionRestriction', form, { f0: 'usa', f1: '' });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.problems.f0?.key).toBe('settings.validation.format');
    // A JSON field that does not parse is refused before the schema is asked.
    const jsonForm = buildForm({ type: 'array', items: { type: 'object' } });
    expect(checkForm('site.resources', jsonForm, { value: '[{' })).toEqual({
      ok: false,
      problems: { value: { key: 'settings.validation.json' } },
    });
  });

  it('shows a bad value’s message at its field and sends nothing', async () => {
    const calls = serve([]);
    renderCard(idle);
    const field = screen.getByLabelText('Value');
    expect(field).toHaveValue('30');
    await userEvent.clear(field);
    await userEvent.type(field, '3');
    await userEvent.type(screen.getByLabelText('Reason'), 'shorter sessions');
    await userEvent.click(screen.getByRole('button', { name: 'Save staff.sessionIdleMinutes' }));
    expect(await screen.findByText('Enter at least 5.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(field);
    await userEvent.type(field, 'ten');
    await userEvent.click(screen.getByRole('button', { name: 'Save staff.sessionIdleMinutes' }));
    expect(await screen.findByText('Enter a whole number.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('asks for a reason, then saves the value and shows the server’s field issue', async () => {
    const calls = serve([
      json(400, {
        success: false,
        code: 'VALIDATION_FAILED',
        message: 'errors.VALIDATION_FAILED',
        issues: [{ path: 'system.maintenance.endTime', message: 'the end must be in the future' }],
      }),
      json(200, {
        success: true,
        value: { ...maintenance, value: { enabled: true, endTime: null }, isDefault: false },
      }),
    ]);
    renderCard(maintenance);
    await userEvent.click(screen.getByLabelText('enabled'));
    await userEvent.click(screen.getByRole('button', { name: 'Save system.maintenance' }));
    expect(await screen.findByText('Give a reason (2 to 500 characters).')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Reason'), 'deploy');
    await userEvent.type(screen.getByLabelText('endTime'), '2020-01-01T00:00:00Z');
    await userEvent.click(screen.getByRole('button', { name: 'Save system.maintenance' }));
    expect(await screen.findByText('the end must be in the future')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('VALIDATION_FAILED');
    expect(calls[0]).toMatchObject({
      url: '/wps/admin/settings/system.maintenance',
      method: 'PUT',
      body: { value: { enabled: true, endTime: '2020-01-01T00:00:00Z' }, reason: 'deploy' },
    });

    await userEvent.clear(screen.getByLabelText('endTime'));
    await userEvent.click(screen.getByRole('button', { name: 'Save system.maintenance' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(calls[1]?.body).toEqual({ value: { enabled: true, endTime: null }, reason: 'deploy' });
  });
});
