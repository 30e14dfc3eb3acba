import { adminRoles } from '@platform/contract';
import type { AppDeps } from '../../lib/deps.js';
import {
  iso,
  parse,
  requireFlag,
  table,
  unknownCommand,
  usagePrinter,
  UsageError,
  type OperatorCommands,
  type Outcome,
} from '../../lib/operator-cli.js';
import type { AdjustmentService } from './adjustment.service.js';
import type { AdminService } from './admin.service.js';

const usage = {
  admin: [
    'admin list                         operator staff and their roles',
    `admin create USERNAME --role ${adminRoles.join('|')}[,ROLE...] --password P   (at least 10 characters)`,
    "admin disable USERNAME             refuses logins and ends the admin's sessions",
    'admin enable USERNAME',
    'admin totp-enable USERNAME          a second factor (TOTP); prints the otpauth:// URI once',
    'admin totp-disable USERNAME',
    'owner:create USERNAME               the first owner, once, with a generated password',
    "admin password USERNAME --password P   a new password; ends the admin's sessions",
  ],
  adjust: [
    'adjust ACCOUNT AMOUNT --reason R [--request-id ID]',
    "                                   credit (AMOUNT > 0) or debit (AMOUNT < 0) a member's main wallet",
    '                                   against the house; repeat with the same --request-id to retry safely',
  ],
} as const;
const usageOf = usagePrinter(usage);

interface Services {
  deps: Pick<AppDeps, 'clock' | 'rng'>;
  admin: AdminService;
  adjustments: AdjustmentService;
}

/** admin, owner:create and adjust: operator staff and manual balance corrections. */
export function adminOperatorCommands(s: Services): OperatorCommands {
  return {
    usage,
    commands: {
      admin: (args) => adminCommand(s, args),
      'owner:create': (args) => ownerCreateCommand(s, args),
      adjust: (args, { actor }) => adjustCommand(s, args, actor),
    },
  };
}

async function ownerCreateCommand(s: Services, rest: string[]): Promise<Outcome> {
  const [username = ''] = parse(rest, {}, usageOf('admin'), 1).positionals;
  const owner = await s.admin.createFirstOwner(username);
  return {
    output: [
      `owner ${owner.username} created. Password (shown once, change it with \`admin password\`):`,
      `  ${owner.password}`,
      ...(owner.totpUri
        ? ['Second factor (add to an authenticator app; shown once):', `  ${owner.totpUri}`]
        : []),
    ].join('\n'),
    audit: { command: 'owner:create', detail: { username: owner.username } },
  };
}

async function adminCommand(s: Services, args: string[]): Promise<Outcome> {
  const { admin } = s;
  const [sub, ...rest] = args;
  switch (sub) {
    case 'list': {
      parse(rest, {}, usageOf('admin'), 0);
      const rows = (await admin.list()).map((row) => [
        row.username,
        row.roles.join(','),
        row.active ? 'active' : 'disabled',
        iso(row.createdAt),
      ]);
      return { output: table(['USERNAME', 'ROLES', 'STATE', 'CREATED'], rows) };
    }
    case 'create': {
      const { values, positionals } = parse(
        rest,
        { role: { type: 'string' }, password: { type: 'string' } },
        usageOf('admin'),
        1,
      );
      const created = await admin.create({
        username: positionals[0] ?? '',
        roles: requireFlag(values.role, 'role', usageOf('admin'))
          .split(',')
          .map((role) => role.trim()),
        password: requireFlag(values.password, 'password', usageOf('admin')),
      });
      return {
        output: `admin ${created.username} created (${created.roles.join(', ')})`,
        audit: { command: 'admin create', detail: { username: created.username, roles: created.roles } },
      };
    }
    case 'disable':
    case 'enable': {
      const [username = ''] = parse(rest, {}, usageOf('admin'), 1).positionals;
      const { endedSessions } = await admin.setActive(username, sub === 'enable');
      return {
        output: `admin ${username} ${sub}d${sub === 'disable' ? `; ${endedSessions} session(s) ended` : ''}`,
        audit: { command: `admin ${sub}`, detail: { username, endedSessions } },
      };
    }
    case 'password': {
      const { values, positionals } = parse(rest, { password: { type: 'string' } }, usageOf('admin'), 1);
      const username = positionals[0] ?? '';
      const { endedSessions } = await admin.setPassword(
        username,
        requireFlag(values.password, 'password', usageOf('admin')),
      );
      return {
        output: `password of admin ${username} changed; ${endedSessions} session(s) ended`,
        audit: { command: 'admin password', detail: { username, endedSessions } },
      };
    }
    case 'totp-enable': {
      const [username = ''] = parse(rest, {}, usageOf('admin'), 1).positionals;
      const { uri } = await admin.enableTotp(username);
      return {
        output: [
          `second factor on for admin ${username}; add it to an authenticator app (shown once):`,
          uri,
        ].join('\n'),
        audit: { command: 'admin totp-enable', detail: { username } },
      };
    }
    case 'totp-disable': {
      const [username = ''] = parse(rest, {}, usageOf('admin'), 1).positionals;
      await admin.disableTotp(username);
      return {
        output: `second factor off for admin ${username}`,
        audit: { command: 'admin totp-disable', detail: { username } },
      };
    }
    default:
      throw unknownCommand('admin', sub, usageOf('admin'));
  }
}

async function adjustCommand(s: Services, args: string[], actor: string): Promise<Outcome> {
  const { adjustments } = s;
  const { values, positionals } = parse(
    // A debit starts with a minus sign, which parseArgs would take for a flag.
    args.map((arg) => (/^-\d/.test(arg) ? `\u2212${arg.slice(1)}` : arg)),
    { reason: { type: 'string' }, 'request-id': { type: 'string' } },
    usageOf('adjust'),
    2,
  );
  const [account = '', rawAmount = ''] = positionals;
  const amount = rawAmount.replace(/^\u2212/, '-');
  if (!/^\d{6,20}$/.test(account))
    throw new UsageError(`ACCOUNT is a member's account number, got ${account}`, usageOf('adjust'));
  const requestId =
    values['request-id'] ??
    `cli-${s.deps.clock.now().getTime().toString(36)}-${s.deps.rng.bytes(6).toString('hex')}`;
  // AdjustmentService writes its own audit row in the same transaction as the movement.
  const result = await adjustments.adjust({
    account,
    amount,
    reason: requireFlag(values.reason, 'reason', usageOf('adjust')),
    requestId,
    actor,
  });
  return {
    output: `${result.repeated ? 'already done (same request id); ' : ''}balance of ${account} is now ${result.sumBalance} (request id ${requestId})`,
  };
}
