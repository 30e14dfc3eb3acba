import {
  isSettingKey,
  maintenanceSchema,
  settingDefinitions,
  settingKeys,
  type SettingKey,
} from '@platform/contract';
import type { AppDeps } from '../../lib/deps.js';
import { AppError } from '../../lib/errors.js';
import {
  parse,
  unknownCommand,
  usagePrinter,
  UsageError,
  type OperatorCommands,
  type Outcome,
} from '../../lib/operator-cli.js';
import { describeSchema } from './describe-schema.js';
import { isValidIpRange } from './location.service.js';
import type { SettingsService } from './settings.service.js';

const usage = {
  settings: [
    'settings list                      every setting and its current value',
    'settings get KEY                   one setting, and what it accepts',
    'settings set KEY VALUE             VALUE is JSON (a bare word is taken as a string)',
    'settings reset KEY                 back to the default',
  ],
  maintenance: [
    'maintenance on [--until ISO8601]   every /wps call answers 503 MAINTENANCE; the site shows the end time',
    'maintenance off',
  ],
  region: [
    'region list',
    'region block-country CC           ISO 3166-1 alpha-2, e.g. US',
    'region unblock-country CC',
    'region block-ip CIDR              an address or a range, IPv4 or IPv6, e.g. 203.0.113.0/24',
    'region unblock-ip CIDR',
  ],
} as const;
const usageOf = usagePrinter(usage);

interface Services {
  deps: Pick<AppDeps, 'clock' | 'config'>;
  settings: SettingsService;
}

/** settings, maintenance and region: the site's configuration. */
export function systemOperatorCommands(s: Services): OperatorCommands {
  return {
    usage,
    commands: {
      settings: (args) => settingsCommand(s, args),
      maintenance: (args) => maintenanceCommand(s, args),
      region: (args) => regionCommand(s, args),
    },
  };
}

async function settingsCommand(s: Services, args: string[]): Promise<Outcome> {
  const [sub, ...rest] = args;
  switch (sub) {
    case 'list': {
      parse(rest, {}, usageOf('settings'), 0);
      const all = await s.settings.all();
      return { output: settingKeys.map((key) => `${key} = ${JSON.stringify(all[key])}`).join('\n') };
    }
    case 'get': {
      const [key = ''] = parse(rest, {}, usageOf('settings'), 1).positionals;
      const known = knownKey(key);
      const value = await s.settings.get(known);
      return {
        output: `${known} = ${JSON.stringify(value, null, 2)}\n\naccepts: ${describeSchema(settingDefinitions[known])}`,
      };
    }
    case 'set': {
      const [key = '', text = ''] = parse(rest, {}, usageOf('settings'), 2).positionals;
      const known = knownKey(key);
      const value = settingValue(known, text);
      const before = await s.settings.get(known);
      try {
        await s.settings.set(known, value);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const current = await s.settings.get(known);
        throw new AppError(error.code, `${error.message}; nothing changed`, [
          ...(error.issues ?? []),
          { path: `${known} accepts`, message: describeSchema(settingDefinitions[known]) },
          { path: `${known} is now`, message: JSON.stringify(current) },
        ]);
      }
      return {
        output: `${known} = ${JSON.stringify(await s.settings.get(known))}`,
        audit: {
          command: 'settings set',
          detail: { key: known, value },
          target: { setting: known },
          before,
          after: await s.settings.get(known),
        },
      };
    }
    case 'reset': {
      const [key = ''] = parse(rest, {}, usageOf('settings'), 1).positionals;
      const known = knownKey(key);
      const before = await s.settings.get(known);
      await s.settings.reset(known);
      const after = await s.settings.get(known);
      return {
        output: `${known} reset to ${JSON.stringify(after)}`,
        audit: {
          command: 'settings reset',
          detail: { key: known },
          target: { setting: known },
          before,
          after,
        },
      };
    }
    default:
      throw unknownCommand('settings', sub, usageOf('settings'));
  }
}

function knownKey(key: string): SettingKey {
  if (isSettingKey(key)) return key;
  throw new AppError('VALIDATION_FAILED', `unknown setting "${key}"`, [
    { path: 'known settings', message: settingKeys.join(', ') },
  ]);
}

function settingValue(key: SettingKey, text: string): unknown {
  const schema = settingDefinitions[key];
  let json: { ok: true; value: unknown } | { ok: false } = { ok: false };
  try {
    json = { ok: true, value: JSON.parse(text) };
  } catch {
    // not JSON: maybe a bare string
  }
  if (json.ok && schema.safeParse(json.value).success) return json.value;
  if (schema.safeParse(text).success) return text;
  return json.ok ? json.value : text;
}

async function maintenanceCommand(s: Services, args: string[]): Promise<Outcome> {
  const [sub, ...rest] = args;
  if (sub === 'on') {
    const { values } = parse(rest, { until: { type: 'string' } }, usageOf('maintenance'), 0);
    const endTime = values.until ?? null;
    if (endTime !== null) {
      if (!maintenanceSchema.shape.endTime.safeParse(endTime).success) {
        throw new UsageError(
          `--until must be an ISO 8601 instant such as 2026-12-01T06:00:00Z, got ${endTime}`,
          usageOf('maintenance'),
        );
      }
      if (Date.parse(endTime) <= s.deps.clock.now().getTime()) {
        throw new UsageError(`--until ${endTime} is already past`, usageOf('maintenance'));
      }
    }
    await s.settings.set('system.maintenance', { enabled: true, endTime });
    return {
      output: `maintenance on${endTime ? ` until ${endTime}` : ' (no end time shown)'}`,
      audit: { command: 'maintenance on', detail: { endTime } },
    };
  }
  if (sub === 'off') {
    parse(rest, {}, usageOf('maintenance'), 0);
    await s.settings.set('system.maintenance', { enabled: false, endTime: null });
    return { output: 'maintenance off', audit: { command: 'maintenance off', detail: {} } };
  }
  throw new UsageError(
    sub ? `unknown maintenance command: ${sub}` : 'maintenance needs on or off',
    usageOf('maintenance'),
  );
}

async function regionCommand(s: Services, args: string[]): Promise<Outcome> {
  const [sub, ...rest] = args;
  const current = await s.settings.get('system.regionRestriction');
  switch (sub) {
    case 'list': {
      parse(rest, {}, usageOf('region'), 0);
      const proxies = s.deps.config.TRUSTED_PROXIES;
      return {
        output: [
          `blocked countries: ${current.blockedCountries.join(', ') || '(none)'}`,
          `blocked IP ranges: ${current.blockedIpRanges.join(', ') || '(none)'}`,
          `caller IP from X-Forwarded-For: ${proxies.length > 0 ? `only from TRUSTED_PROXIES ${proxies.join(', ')}` : 'no (TRUSTED_PROXIES is empty)'}`,
        ].join('\n'),
      };
    }
    case 'block-country':
    case 'unblock-country': {
      const [raw = ''] = parse(rest, {}, usageOf('region'), 1).positionals;
      const country = raw.trim().toUpperCase();
      if (!/^[A-Z]{2}$/.test(country)) {
        throw new UsageError(
          `a country is a two-letter ISO 3166-1 code such as BD or US, got ${raw}`,
          usageOf('region'),
        );
      }
      const blocking = sub === 'block-country';
      const listed = current.blockedCountries.includes(country);
      if (blocking === listed)
        return { output: `${country} is ${listed ? 'already' : 'not'} blocked; nothing changed` };
      const blockedCountries = blocking
        ? [...current.blockedCountries, country]
        : current.blockedCountries.filter((item) => item !== country);
      await s.settings.set('system.regionRestriction', { ...current, blockedCountries });
      return {
        output: `${country} ${blocking ? 'blocked' : 'unblocked'}; blocked countries: ${blockedCountries.join(', ') || '(none)'}`,
        audit: { command: `region ${sub}`, detail: { country } },
      };
    }
    case 'block-ip':
    case 'unblock-ip': {
      const [range = ''] = parse(rest, {}, usageOf('region'), 1).positionals;
      const blocking = sub === 'block-ip';
      if (blocking && !isValidIpRange(range)) {
        throw new UsageError(`not an IP address or CIDR range: ${range}`, usageOf('region'));
      }
      const listed = current.blockedIpRanges.includes(range);
      if (blocking === listed)
        return { output: `${range} is ${listed ? 'already' : 'not'} blocked; nothing changed` };
      const blockedIpRanges = blocking
        ? [...current.blockedIpRanges, range]
        : current.blockedIpRanges.filter((item) => item !== range);
      await s.settings.set('system.regionRestriction', { ...current, blockedIpRanges });
      return {
        output: `${range} ${blocking ? 'blocked' : 'unblocked'}; blocked IP ranges: ${blockedIpRanges.join(', ') || '(none)'}`,
        audit: { command: `region ${sub}`, detail: { range } },
      };
    }
    default:
      throw unknownCommand('region', sub, usageOf('region'));
  }
}
