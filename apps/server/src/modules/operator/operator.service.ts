import { parseArgs } from 'node:util';
import {
  formatMoney,
  isSettingKey,
  maintenanceSchema,
  settingDefinitions,
  settingKeys,
  type LocalizedText,
  type SettingKey,
} from '@platform/contract';
import type { AppDeps } from '../../lib/deps.js';
import { AppError } from '../../lib/errors.js';
import type { AdminService } from '../admin/admin.service.js';
import type { AdjustmentService } from '../admin/adjustment.service.js';
import type { ContentService } from '../content/content.service.js';
import type { GameService } from '../game/game.service.js';
import type { ChannelService } from '../cashier/channel.service.js';
import type { DepositService } from '../cashier/deposit.service.js';
import type { WithdrawalService } from '../cashier/withdrawal.service.js';
import { isValidIpRange } from '../system/location.service.js';
import type { SettingsService } from '../system/settings.service.js';
import { balanceCommand, reconcileCommand } from '../wallet/ledger-commands.js';
import { LedgerService } from '../wallet/ledger.service.js';
import { describeSchema } from './describe-schema.js';
import { operatorRepository } from './operator.repository.js';

export interface OperatorResult {
  /** 0 done, 1 refused (bad value, not found), 2 the command line itself was wrong */
  exitCode: number;
  output: string;
}

/** A command line that cannot be understood; answered with the usage of that command. */
class UsageError extends Error {
  constructor(
    message: string,
    readonly usage: string,
  ) {
    super(message);
  }
}

interface Outcome {
  output: string;
  /** 0 unless said otherwise (reconcile answers 1 when the books disagree) */
  exitCode?: number;
  /** present when something changed: written to operator_audit */
  audit?: { command: string; detail: Record<string, unknown> };
}

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
  banners: [
    'content banners list [--group G]',
    'content banners add --group G --image URL --title-bn T --title-en T',
    '                    [--linkage-type NONE|ROUTE|URL|PROMOTION] [--linkage X] [--order N]',
    'content banners remove ID',
  ],
  announcements: [
    'content announcements list',
    'content announcements add --type B|PL|PU|PR|H --title-bn T --title-en T --content-bn T --content-en T',
    '                          [--execution B|L] [--published ISO8601] [--expires ISO8601]',
    'content announcements remove ID',
  ],
  promotions: [
    'content promotions list',
    'content promotions add --category C --image URL --title-bn T --title-en T --summary-bn T --summary-en T',
    '                       --content-bn T --content-en T [--starts ISO8601] [--ends ISO8601] [--order N]',
    'content promotions remove ID',
  ],
  help: [
    'content help sections list',
    'content help sections add --title-bn T --title-en T [--order N]',
    'content help sections remove ID      (removes its articles too)',
    'content help articles list [--section ID]',
    'content help articles add --section ID --title-bn T --title-en T --content-bn T --content-en T [--order N]',
    'content help articles remove ID',
  ],
  vendors: [
    'vendors list',
    'vendors add --vassalage V --category C --title T [--hot] [--icon URL] [--classify X] [--order N]',
    '            (a SPORTS vendor listed in site.esportsVendors shows under ESPORTS)',
    'vendors remove VASSALAGE',
  ],
  audit: ['audit [--limit N]                  the latest operator actions'],
  admin: [
    'admin list                         operator staff and their roles',
    'admin create USERNAME --role owner|cashier|support --password P   (at least 10 characters)',
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
  ledger: [
    'reconcile                          checks the ledger: balances equal their entries, transfers sum to zero;',
    '                                   exit code 1 when anything disagrees',
    "balance ACCOUNT                    a member's main, bonus, held and demo balances",
  ],
  channels: [
    'channels list                      every payment channel, enabled or not',
    'channels add --kind bank_transfer|gateway --name N --min AMOUNT --max AMOUNT [--order N]',
    '             bank_transfer: --bank-name B --account-name A --account-number N',
    '             gateway: --provider sandbox   (a signing secret is generated)',
    'channels enable ID',
    'channels disable ID                members no longer see it; its deposits stay as they are',
    'channels remove ID                 refused once deposits went through it: disable it instead',
  ],
  withdrawals: [
    'withdrawals list [--status pending|paid|rejected|received|not_received|auto_received] [--page N]',
    'withdrawals approve ID --payout-ref R   after paying out: the held money leaves (pending only)',
    'withdrawals reject ID --reason R        the held money goes back to the member (pending only)',
  ],
  deposits: [
    'deposits list [--status pending|credited|rejected|expired] [--page N]',
    'deposits confirm ID                credits the member (pending deposits only)',
    'deposits reject ID --reason R',
  ],
} as const;
type UsageTopic = keyof typeof usage;

const usageOf = (...topics: UsageTopic[]): string =>
  ['Usage:', ...topics.flatMap((topic) => usage[topic].map((line) => `  ${line}`))].join('\n');
const fullUsage = (): string =>
  `Operator tool: change settings and content without code or SQL.\n\n${usageOf(...(Object.keys(usage) as UsageTopic[]))}`;

type OptionSpec = Record<string, { type: 'string' | 'boolean' }>;
type ParsedValues<O extends OptionSpec> = {
  [K in keyof O]?: O[K]['type'] extends 'boolean' ? boolean : string;
};

/** node:util parseArgs with our usage on every mistake; positionals are returned beside the options. */
function parse<O extends OptionSpec>(
  args: string[],
  options: O,
  topic: UsageTopic,
  positionalCount: number,
): { values: ParsedValues<O>; positionals: string[] } {
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error), usageOf(topic));
  }
  if (parsed.positionals.length !== positionalCount) {
    const expected = positionalCount === 0 ? 'no' : String(positionalCount);
    throw new UsageError(
      `expected ${expected} argument${positionalCount === 1 ? '' : 's'} here, got: ${parsed.positionals.join(' ') || 'none'}`,
      usageOf(topic),
    );
  }
  return { values: parsed.values as ParsedValues<O>, positionals: parsed.positionals };
}

function requireFlag(value: string | undefined, flag: string, topic: UsageTopic): string {
  if (value === undefined || value.trim() === '') throw new UsageError(`missing --${flag}`, usageOf(topic));
  return value;
}

function optionalInteger(value: string | undefined, flag: string, topic: UsageTopic): number | undefined {
  if (value === undefined) return undefined;
  if (!/^-?\d{1,7}$/.test(value.trim()))
    throw new UsageError(`--${flag} must be a whole number, got ${value}`, usageOf(topic));
  return Number(value);
}

/** The text of one field in Bengali and English, from --NAME-bn and --NAME-en. */
function textFlags(
  values: Record<string, string | boolean | undefined>,
  name: string,
  topic: UsageTopic,
): LocalizedText {
  const read = (flag: string) => {
    const value = values[flag];
    return requireFlag(typeof value === 'string' ? value : undefined, flag, topic);
  };
  return { bn: read(`${name}-bn`), en: read(`${name}-en`) };
}

const textOptions = (...names: string[]): OptionSpec =>
  Object.fromEntries(
    names.flatMap((name) => [
      [`${name}-bn`, { type: 'string' }],
      [`${name}-en`, { type: 'string' }],
    ]),
  );

/** Issues name the service's fields; the operator typed flags. */
function renamePaths(error: unknown, flags: Record<string, string>): unknown {
  if (!(error instanceof AppError) || !error.issues) return error;
  return new AppError(
    error.code,
    error.message,
    error.issues.map((issue) => {
      const [head = '', ...rest] = issue.path.split('.');
      const flag =
        flags[issue.path] ??
        (flags[head] ? `${flags[head]}${rest.length ? `.${rest.join('.')}` : ''}` : issue.path);
      return { path: flag, message: issue.message };
    }),
  );
}

/** `list [--status S] [--page N]`, shared by the cashier queues. */
function pagedStatusQuery(args: string[], topic: UsageTopic): { status: string | undefined; pageNo: number } {
  const { values } = parse(args, { status: { type: 'string' }, page: { type: 'string' } }, topic, 0);
  const pageNo = optionalInteger(values.page, 'page', topic) ?? 1;
  if (pageNo < 1) throw new UsageError('--page must be 1 or more', usageOf(topic));
  return { status: values.status, pageNo };
}

/** A missing or unknown subcommand, answered with the usage of its topic. */
function unknownCommand(topic: UsageTopic, sub: string | undefined): UsageError {
  return new UsageError(
    sub ? `unknown ${topic} command: ${sub}` : `${topic} needs a command`,
    usageOf(topic),
  );
}

async function withFlags<T>(flags: Record<string, string>, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw renamePaths(error, flags);
  }
}

/** Plain aligned columns: operators read this in a terminal. */
function table(header: string[], rows: string[][]): string {
  if (rows.length === 0) return '(none)';
  const all = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...all.map((row) => (row[column] ?? '').length)));
  return all
    .map((row) =>
      row
        .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

const iso = (date: Date | null): string => (date ? date.toISOString() : '-');
const clip = (text: string, length = 40): string =>
  text.length > length ? `${text.slice(0, length - 1)}…` : text;

export class OperatorService {
  constructor(
    private readonly deps: AppDeps,
    private readonly settings: SettingsService,
    private readonly content: ContentService,
    private readonly game: GameService,
    /** looked up when needed: these services are built after this one */
    private readonly staff?: () => { admin: AdminService; adjustments: AdjustmentService },
    /** looked up when needed, like staff */
    private readonly cashier?: () => { channels: ChannelService; deposits: DepositService },
    /** looked up when needed, like staff */
    private readonly payouts?: () => { withdrawals: WithdrawalService },
  ) {}

  /** Runs one command line; never throws for a mistake of the operator, which is reported in output. */
  async run(args: string[], actor: string): Promise<OperatorResult> {
    try {
      const outcome = await this.dispatch(args, actor);
      if (outcome.audit) {
        await operatorRepository.insertAudit(this.deps.db, {
          at: this.deps.clock.now(),
          actor,
          command: outcome.audit.command,
          detail: outcome.audit.detail,
        });
      }
      return { exitCode: outcome.exitCode ?? 0, output: outcome.output };
    } catch (error) {
      if (error instanceof UsageError) return { exitCode: 2, output: `${error.message}\n\n${error.usage}` };
      if (error instanceof AppError) {
        const issues = (error.issues ?? []).map((issue) => `  ${issue.path || '(value)'}: ${issue.message}`);
        return { exitCode: 1, output: [`${error.code}: ${error.message}`, ...issues].join('\n') };
      }
      throw error;
    }
  }

  private async dispatch(args: string[], actor: string): Promise<Outcome> {
    const [command, ...rest] = args;
    switch (command) {
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        return { output: fullUsage() };
      case 'settings':
        return this.settingsCommand(rest);
      case 'maintenance':
        return this.maintenanceCommand(rest);
      case 'region':
        return this.regionCommand(rest);
      case 'content':
        return this.contentCommand(rest);
      case 'vendors':
        return this.vendorsCommand(rest);
      case 'audit':
        return this.auditCommand(rest);
      case 'admin':
        return this.adminCommand(rest);
      case 'owner:create': {
        const [username = ''] = parse(rest, {}, 'admin', 1).positionals;
        const owner = await this.staffServices().admin.createFirstOwner(username);
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
      case 'adjust':
        return this.adjustCommand(rest, actor);
      case 'channels':
        return this.channelsCommand(rest);
      case 'deposits':
        return this.depositsCommand(rest, actor);
      case 'withdrawals':
        return this.withdrawalsCommand(rest, actor);
      case 'reconcile':
        parse(rest, {}, 'ledger', 0);
        // Reads only; a ledger of its own needs nothing but the database and the clock.
        return reconcileCommand(new LedgerService(this.deps), this.deps.db);
      case 'balance': {
        const [account = ''] = parse(rest, {}, 'ledger', 1).positionals;
        if (!/^\d{6,20}$/.test(account)) {
          throw new UsageError(`ACCOUNT is a member's account number, got ${account}`, usageOf('ledger'));
        }
        return { output: await balanceCommand(new LedgerService(this.deps), this.deps.db, account) };
      }
      default:
        throw new UsageError(`unknown command: ${command}`, fullUsage());
    }
  }

  // cashier: payment channels and deposits

  private cashierServices(): { channels: ChannelService; deposits: DepositService } {
    if (!this.cashier) throw new Error('operator: cashier services are not wired');
    return this.cashier();
  }

  private async channelsCommand(args: string[]): Promise<Outcome> {
    const { channels } = this.cashierServices();
    const [sub, ...rest] = args;
    switch (sub) {
      case 'list': {
        parse(rest, {}, 'channels', 0);
        const rows = await channels.listAll();
        return {
          output: table(
            ['ID', 'KIND', 'STATE', 'MIN', 'MAX', 'ORDER', 'NAME', 'DETAILS'],
            rows.map((row) => [
              row.id,
              row.kind,
              row.enabled ? 'enabled' : 'disabled',
              formatMoney(row.minAmount),
              formatMoney(row.maxAmount),
              String(row.sortOrder),
              row.name,
              row.kind === 'bank_transfer'
                ? `${row.details.bankName ?? ''} / ${row.details.accountName ?? ''} / ${row.details.accountNumber ?? ''}`
                : `provider ${row.details.provider ?? '?'}`,
            ]),
          ),
        };
      }
      case 'add': {
        const { values } = parse(
          rest,
          {
            kind: { type: 'string' },
            name: { type: 'string' },
            min: { type: 'string' },
            max: { type: 'string' },
            'bank-name': { type: 'string' },
            'account-name': { type: 'string' },
            'account-number': { type: 'string' },
            provider: { type: 'string' },
            order: { type: 'string' },
          },
          'channels',
          0,
        );
        const row = await withFlags(
          {
            kind: '--kind',
            name: '--name',
            min: '--min',
            max: '--max',
            bankName: '--bank-name',
            accountName: '--account-name',
            accountNumber: '--account-number',
            provider: '--provider',
          },
          channels.add({
            kind: requireFlag(values.kind, 'kind', 'channels'),
            name: requireFlag(values.name, 'name', 'channels'),
            min: requireFlag(values.min, 'min', 'channels'),
            max: requireFlag(values.max, 'max', 'channels'),
            bankName: values['bank-name'],
            accountName: values['account-name'],
            accountNumber: values['account-number'],
            provider: values.provider,
            sortOrder: optionalInteger(values.order, 'order', 'channels'),
          }),
        );
        return {
          output: `channel ${row.id} added (${row.kind}, ${formatMoney(row.minAmount)} to ${formatMoney(row.maxAmount)})`,
          // The gateway's signing secret stays out of the audit.
          audit: {
            command: 'channels add',
            detail: {
              id: row.id,
              kind: row.kind,
              name: row.name,
              min: formatMoney(row.minAmount),
              max: formatMoney(row.maxAmount),
              ...(row.kind === 'bank_transfer' ? row.details : { provider: row.details.provider }),
            },
          },
        };
      }
      case 'enable':
      case 'disable': {
        const [id = ''] = parse(rest, {}, 'channels', 1).positionals;
        await channels.setEnabled(id, sub === 'enable');
        return { output: `channel ${id} ${sub}d`, audit: { command: `channels ${sub}`, detail: { id } } };
      }
      case 'remove':
        return this.remove(rest, 'channels', 'channels remove', (id) => channels.remove(id));
      default:
        throw unknownCommand('channels', sub);
    }
  }

  // cashier: withdrawals (the same service and rules as the admin API)

  private async withdrawalsCommand(args: string[], actor: string): Promise<Outcome> {
    if (!this.payouts) throw new Error('operator: withdrawal service is not wired');
    const { withdrawals } = this.payouts();
    const [sub, ...rest] = args;
    switch (sub) {
      case 'list': {
        const query = pagedStatusQuery(rest, 'withdrawals');
        const page = await withFlags(
          { status: '--status' },
          withdrawals.adminList({ ...query, pageSize: 50 }),
        );
        const rows = page.list.map((row) => [
          row.id,
          row.status,
          row.amount,
          `${row.memberAccount} (${row.memberUsername})`,
          row.memberRealName ?? '-',
          `${row.bankAccount.bankName} ${row.bankAccount.accountNumber} ${row.bankAccount.accountName}`,
          row.payoutReference ?? row.reason ?? '-',
          row.createdAt,
        ]);
        return {
          output: `${table(['ID', 'STATUS', 'AMOUNT', 'MEMBER', 'REAL NAME', 'PAY TO', 'REF/REASON', 'CREATED'], rows)}
page ${page.pageNo} of ${Math.max(page.totalPages, 1)} (${page.totalCount} withdrawals)`,
        };
      }
      case 'approve': {
        const { values, positionals } = parse(rest, { 'payout-ref': { type: 'string' } }, 'withdrawals', 1);
        const reference = requireFlag(values['payout-ref'], 'payout-ref', 'withdrawals');
        const row = await withFlags(
          { payoutReference: '--payout-ref' },
          withdrawals.approve(positionals[0] ?? '', reference, { actor }),
        );
        return {
          output: `withdrawal ${row.id} paid: ${row.amount} to ${row.memberAccount} (${reference})`,
          audit: {
            command: 'withdrawals approve',
            detail: { withdrawal: row.id, amount: row.amount, payoutReference: row.payoutReference },
          },
        };
      }
      case 'reject': {
        const { values, positionals } = parse(rest, { reason: { type: 'string' } }, 'withdrawals', 1);
        const reason = requireFlag(values.reason, 'reason', 'withdrawals');
        const row = await withFlags(
          { reason: '--reason' },
          withdrawals.reject(positionals[0] ?? '', reason, { actor }),
        );
        return {
          output: `withdrawal ${row.id} rejected: ${row.amount} back to ${row.memberAccount}`,
          audit: {
            command: 'withdrawals reject',
            detail: { withdrawal: row.id, amount: row.amount, reason: row.reason },
          },
        };
      }
      default:
        throw unknownCommand('withdrawals', sub);
    }
  }

  private async depositsCommand(args: string[], actor: string): Promise<Outcome> {
    const { deposits } = this.cashierServices();
    const [sub, ...rest] = args;
    switch (sub) {
      case 'list': {
        const query = pagedStatusQuery(rest, 'deposits');
        const page = await withFlags({ status: '--status' }, deposits.adminList({ ...query, pageSize: 50 }));
        const rows = page.list.map((row) => [
          row.id,
          row.status,
          row.amount,
          row.channelName,
          `${row.memberAccount} (${row.memberUsername})`,
          row.reference,
          row.hasProof ? 'yes' : 'no',
          row.createdAt,
        ]);
        return {
          output: `${table(['ID', 'STATUS', 'AMOUNT', 'CHANNEL', 'MEMBER', 'REFERENCE', 'PROOF', 'CREATED'], rows)}\npage ${page.pageNo} of ${Math.max(page.totalPages, 1)} (${page.totalCount} deposits)`,
        };
      }
      case 'confirm': {
        const [id = ''] = parse(rest, {}, 'deposits', 1).positionals;
        const row = await deposits.confirm(id, { actor });
        return {
          output: `deposit ${row.id} credited: ${row.amount} to ${row.memberAccount}`,
          audit: { command: 'deposits confirm', detail: { deposit: row.id, amount: row.amount } },
        };
      }
      case 'reject': {
        const { values, positionals } = parse(rest, { reason: { type: 'string' } }, 'deposits', 1);
        const reason = requireFlag(values.reason, 'reason', 'deposits');
        const row = await withFlags(
          { reason: '--reason' },
          deposits.reject(positionals[0] ?? '', reason, { actor }),
        );
        return {
          output: `deposit ${row.id} rejected`,
          audit: { command: 'deposits reject', detail: { deposit: row.id, reason } },
        };
      }
      default:
        throw unknownCommand('deposits', sub);
    }
  }

  // operator staff

  private staffServices(): { admin: AdminService; adjustments: AdjustmentService } {
    if (!this.staff) throw new Error('operator: admin services are not wired');
    return this.staff();
  }

  private async adminCommand(args: string[]): Promise<Outcome> {
    const { admin } = this.staffServices();
    const [sub, ...rest] = args;
    switch (sub) {
      case 'list': {
        parse(rest, {}, 'admin', 0);
        const rows = (await admin.list()).map((row) => [
          row.username,
          row.role,
          row.active ? 'active' : 'disabled',
          iso(row.createdAt),
        ]);
        return { output: table(['USERNAME', 'ROLE', 'STATE', 'CREATED'], rows) };
      }
      case 'create': {
        const { values, positionals } = parse(
          rest,
          { role: { type: 'string' }, password: { type: 'string' } },
          'admin',
          1,
        );
        const created = await admin.create({
          username: positionals[0] ?? '',
          role: requireFlag(values.role, 'role', 'admin'),
          password: requireFlag(values.password, 'password', 'admin'),
        });
        return {
          output: `admin ${created.username} created (${created.role})`,
          audit: { command: 'admin create', detail: { username: created.username, role: created.role } },
        };
      }
      case 'disable':
      case 'enable': {
        const [username = ''] = parse(rest, {}, 'admin', 1).positionals;
        const { endedSessions } = await admin.setActive(username, sub === 'enable');
        return {
          output: `admin ${username} ${sub}d${sub === 'disable' ? `; ${endedSessions} session(s) ended` : ''}`,
          audit: { command: `admin ${sub}`, detail: { username, endedSessions } },
        };
      }
      case 'password': {
        const { values, positionals } = parse(rest, { password: { type: 'string' } }, 'admin', 1);
        const username = positionals[0] ?? '';
        const { endedSessions } = await admin.setPassword(
          username,
          requireFlag(values.password, 'password', 'admin'),
        );
        return {
          output: `password of admin ${username} changed; ${endedSessions} session(s) ended`,
          audit: { command: 'admin password', detail: { username, endedSessions } },
        };
      }
      case 'totp-enable': {
        const [username = ''] = parse(rest, {}, 'admin', 1).positionals;
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
        const [username = ''] = parse(rest, {}, 'admin', 1).positionals;
        await admin.disableTotp(username);
        return {
          output: `second factor off for admin ${username}`,
          audit: { command: 'admin totp-disable', detail: { username } },
        };
      }
      default:
        throw unknownCommand('admin', sub);
    }
  }

  private async adjustCommand(args: string[], actor: string): Promise<Outcome> {
    const { adjustments } = this.staffServices();
    const { values, positionals } = parse(
      // A debit starts with a minus sign, which parseArgs would take for a flag.
      args.map((arg) => (/^-\d/.test(arg) ? `\u2212${arg.slice(1)}` : arg)),
      { reason: { type: 'string' }, 'request-id': { type: 'string' } },
      'adjust',
      2,
    );
    const [account = '', rawAmount = ''] = positionals;
    const amount = rawAmount.replace(/^\u2212/, '-');
    if (!/^\d{6,20}$/.test(account))
      throw new UsageError(`ACCOUNT is a member's account number, got ${account}`, usageOf('adjust'));
    const requestId =
      values['request-id'] ??
      `cli-${this.deps.clock.now().getTime().toString(36)}-${this.deps.rng.bytes(6).toString('hex')}`;
    // AdjustmentService writes its own audit row in the same transaction as the movement.
    const result = await adjustments.adjust({
      account,
      amount,
      reason: requireFlag(values.reason, 'reason', 'adjust'),
      requestId,
      actor,
    });
    return {
      output: `${result.repeated ? 'already done (same request id); ' : ''}balance of ${account} is now ${result.sumBalance} (request id ${requestId})`,
    };
  }

  // settings

  private async settingsCommand(args: string[]): Promise<Outcome> {
    const [sub, ...rest] = args;
    switch (sub) {
      case 'list': {
        parse(rest, {}, 'settings', 0);
        const all = await this.settings.all();
        return { output: settingKeys.map((key) => `${key} = ${JSON.stringify(all[key])}`).join('\n') };
      }
      case 'get': {
        const [key = ''] = parse(rest, {}, 'settings', 1).positionals;
        const known = this.knownKey(key);
        const value = await this.settings.get(known);
        return {
          output: `${known} = ${JSON.stringify(value, null, 2)}\n\naccepts: ${describeSchema(settingDefinitions[known])}`,
        };
      }
      case 'set': {
        const [key = '', text = ''] = parse(rest, {}, 'settings', 2).positionals;
        const known = this.knownKey(key);
        const value = this.settingValue(known, text);
        try {
          await this.settings.set(known, value);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          const current = await this.settings.get(known);
          throw new AppError(error.code, `${error.message}; nothing changed`, [
            ...(error.issues ?? []),
            { path: `${known} accepts`, message: describeSchema(settingDefinitions[known]) },
            { path: `${known} is now`, message: JSON.stringify(current) },
          ]);
        }
        return {
          output: `${known} = ${JSON.stringify(await this.settings.get(known))}`,
          audit: { command: 'settings set', detail: { key: known, value } },
        };
      }
      case 'reset': {
        const [key = ''] = parse(rest, {}, 'settings', 1).positionals;
        const known = this.knownKey(key);
        await this.settings.reset(known);
        return {
          output: `${known} reset to ${JSON.stringify(await this.settings.get(known))}`,
          audit: { command: 'settings reset', detail: { key: known } },
        };
      }
      default:
        throw unknownCommand('settings', sub);
    }
  }

  private knownKey(key: string): SettingKey {
    if (isSettingKey(key)) return key;
    throw new AppError('VALIDATION_FAILED', `unknown setting "${key}"`, [
      { path: 'known settings', message: settingKeys.join(', ') },
    ]);
  }

  /**
   * JSON first; when that is not JSON or does not fit, the text itself (so `site.name Khela` works
   * without quotes). The schema decides, so `true` stays a boolean for a boolean setting.
   */
  private settingValue(key: SettingKey, text: string): unknown {
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

  // maintenance

  private async maintenanceCommand(args: string[]): Promise<Outcome> {
    const [sub, ...rest] = args;
    if (sub === 'on') {
      const { values } = parse(rest, { until: { type: 'string' } }, 'maintenance', 0);
      const endTime = values.until ?? null;
      if (endTime !== null) {
        if (!maintenanceSchema.shape.endTime.safeParse(endTime).success) {
          throw new UsageError(
            `--until must be an ISO 8601 instant such as 2026-12-01T06:00:00Z, got ${endTime}`,
            usageOf('maintenance'),
          );
        }
        if (Date.parse(endTime) <= this.deps.clock.now().getTime()) {
          throw new UsageError(`--until ${endTime} is already past`, usageOf('maintenance'));
        }
      }
      await this.settings.set('system.maintenance', { enabled: true, endTime });
      return {
        output: `maintenance on${endTime ? ` until ${endTime}` : ' (no end time shown)'}`,
        audit: { command: 'maintenance on', detail: { endTime } },
      };
    }
    if (sub === 'off') {
      parse(rest, {}, 'maintenance', 0);
      await this.settings.set('system.maintenance', { enabled: false, endTime: null });
      return { output: 'maintenance off', audit: { command: 'maintenance off', detail: {} } };
    }
    throw new UsageError(
      sub ? `unknown maintenance command: ${sub}` : 'maintenance needs on or off',
      usageOf('maintenance'),
    );
  }

  // region

  private async regionCommand(args: string[]): Promise<Outcome> {
    const [sub, ...rest] = args;
    const current = await this.settings.get('system.regionRestriction');
    switch (sub) {
      case 'list': {
        parse(rest, {}, 'region', 0);
        const proxies = this.deps.config.TRUSTED_PROXIES;
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
        const [raw = ''] = parse(rest, {}, 'region', 1).positionals;
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
        await this.settings.set('system.regionRestriction', { ...current, blockedCountries });
        return {
          output: `${country} ${blocking ? 'blocked' : 'unblocked'}; blocked countries: ${blockedCountries.join(', ') || '(none)'}`,
          audit: { command: `region ${sub}`, detail: { country } },
        };
      }
      case 'block-ip':
      case 'unblock-ip': {
        const [range = ''] = parse(rest, {}, 'region', 1).positionals;
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
        await this.settings.set('system.regionRestriction', { ...current, blockedIpRanges });
        return {
          output: `${range} ${blocking ? 'blocked' : 'unblocked'}; blocked IP ranges: ${blockedIpRanges.join(', ') || '(none)'}`,
          audit: { command: `region ${sub}`, detail: { range } },
        };
      }
      default:
        throw unknownCommand('region', sub);
    }
  }

  // content

  private async contentCommand(args: string[]): Promise<Outcome> {
    const [kind, ...rest] = args;
    switch (kind) {
      case 'banners':
        return this.bannersCommand(rest);
      case 'announcements':
        return this.announcementsCommand(rest);
      case 'promotions':
        return this.promotionsCommand(rest);
      case 'help':
        return this.helpCommand(rest);
      default:
        throw new UsageError(
          kind ? `unknown content kind: ${kind}` : 'content needs a kind',
          usageOf('banners', 'announcements', 'promotions', 'help'),
        );
    }
  }

  private async bannersCommand(args: string[]): Promise<Outcome> {
    const [sub, ...rest] = args;
    switch (sub) {
      case 'list': {
        const { values } = parse(rest, { group: { type: 'string' } }, 'banners', 0);
        const rows = await withFlags({ '': '--group' }, this.content.listBanners(values.group));
        return {
          output: table(
            ['ID', 'GROUP', 'ORDER', 'ACTIVE', 'LINK', 'IMAGE', 'TITLE (en)'],
            rows.map((row) => [
              row.id,
              row.groupName,
              String(row.sortOrder),
              row.active ? 'yes' : 'no',
              row.linkageType === 'NONE' ? '-' : `${row.linkageType} ${row.linkage ?? ''}`,
              row.imageUrl,
              clip(row.title.en),
            ]),
          ),
        };
      }
      case 'add': {
        const { values } = parse(
          rest,
          {
            group: { type: 'string' },
            image: { type: 'string' },
            'linkage-type': { type: 'string' },
            linkage: { type: 'string' },
            order: { type: 'string' },
            ...textOptions('title'),
          },
          'banners',
          0,
        );
        const linkageType = values['linkage-type'] ?? (values.linkage ? undefined : 'NONE');
        const row = await withFlags(
          {
            groupName: '--group',
            imageUrl: '--image',
            linkageType: '--linkage-type',
            linkage: '--linkage',
            sortOrder: '--order',
            'title.bn': '--title-bn',
            'title.en': '--title-en',
            title: '--title-bn/--title-en',
          },
          this.content.addBanner({
            groupName: requireFlag(values.group, 'group', 'banners'),
            imageUrl: requireFlag(values.image, 'image', 'banners'),
            title: textFlags(values, 'title', 'banners'),
            linkageType: linkageType ?? 'NONE',
            linkage: values.linkage ?? null,
            sortOrder: optionalInteger(values.order, 'order', 'banners'),
          }),
        );
        return {
          output: `banner ${row.id} added to ${row.groupName}`,
          audit: { command: 'content banners add', detail: { ...row } },
        };
      }
      case 'remove':
        return this.remove(rest, 'banners', 'content banners remove', (id) => this.content.removeBanner(id));
      default:
        throw unknownCommand('banners', sub);
    }
  }

  private async announcementsCommand(args: string[]): Promise<Outcome> {
    const [sub, ...rest] = args;
    switch (sub) {
      case 'list': {
        parse(rest, {}, 'announcements', 0);
        const rows = await this.content.listAnnouncements();
        return {
          output: table(
            ['ID', 'TYPE', 'EXEC', 'PUBLISHED', 'EXPIRES', 'TITLE (en)'],
            rows.map((row) => [
              row.id,
              row.type,
              row.execution,
              iso(row.publishedAt),
              iso(row.expiresAt),
              clip(row.title.en),
            ]),
          ),
        };
      }
      case 'add': {
        const { values } = parse(
          rest,
          {
            type: { type: 'string' },
            execution: { type: 'string' },
            published: { type: 'string' },
            expires: { type: 'string' },
            ...textOptions('title', 'content'),
          },
          'announcements',
          0,
        );
        const row = await withFlags(
          {
            type: '--type',
            execution: '--execution',
            publishedAt: '--published',
            expiresAt: '--expires',
            'title.bn': '--title-bn',
            'title.en': '--title-en',
            'content.bn': '--content-bn',
            'content.en': '--content-en',
            title: '--title-bn/--title-en',
            content: '--content-bn/--content-en',
          },
          this.content.addAnnouncement({
            type: requireFlag(values.type, 'type', 'announcements'),
            execution: values.execution ?? 'B',
            title: textFlags(values, 'title', 'announcements'),
            content: textFlags(values, 'content', 'announcements'),
            publishedAt: values.published,
            expiresAt: values.expires ?? null,
          }),
        );
        return {
          output: `announcement ${row.id} added (${row.type}, published ${iso(row.publishedAt)}${row.expiresAt ? `, expires ${iso(row.expiresAt)}` : ''})`,
          audit: { command: 'content announcements add', detail: { ...row } },
        };
      }
      case 'remove':
        return this.remove(rest, 'announcements', 'content announcements remove', (id) =>
          this.content.removeAnnouncement(id),
        );
      default:
        throw unknownCommand('announcements', sub);
    }
  }

  private async promotionsCommand(args: string[]): Promise<Outcome> {
    const [sub, ...rest] = args;
    switch (sub) {
      case 'list': {
        parse(rest, {}, 'promotions', 0);
        const rows = await this.content.listPromotions();
        return {
          output: table(
            ['ID', 'CATEGORY', 'ORDER', 'STARTS', 'ENDS', 'TITLE (en)'],
            rows.map((row) => [
              row.id,
              row.category,
              String(row.sortOrder),
              iso(row.startsAt),
              iso(row.endsAt),
              clip(row.title.en),
            ]),
          ),
        };
      }
      case 'add': {
        const { values } = parse(
          rest,
          {
            category: { type: 'string' },
            image: { type: 'string' },
            starts: { type: 'string' },
            ends: { type: 'string' },
            order: { type: 'string' },
            ...textOptions('title', 'summary', 'content'),
          },
          'promotions',
          0,
        );
        const row = await withFlags(
          {
            category: '--category',
            imageUrl: '--image',
            startsAt: '--starts',
            endsAt: '--ends',
            sortOrder: '--order',
            'title.bn': '--title-bn',
            'title.en': '--title-en',
            'summary.bn': '--summary-bn',
            'summary.en': '--summary-en',
            'content.bn': '--content-bn',
            'content.en': '--content-en',
            title: '--title-bn/--title-en',
            summary: '--summary-bn/--summary-en',
            content: '--content-bn/--content-en',
          },
          this.content.addPromotion({
            category: requireFlag(values.category, 'category', 'promotions'),
            imageUrl: requireFlag(values.image, 'image', 'promotions'),
            title: textFlags(values, 'title', 'promotions'),
            summary: textFlags(values, 'summary', 'promotions'),
            content: textFlags(values, 'content', 'promotions'),
            startsAt: values.starts,
            endsAt: values.ends ?? null,
            sortOrder: optionalInteger(values.order, 'order', 'promotions'),
          }),
        );
        return {
          output: `promotion ${row.id} added (${row.category}, from ${iso(row.startsAt)}${row.endsAt ? ` to ${iso(row.endsAt)}` : ''})`,
          audit: { command: 'content promotions add', detail: { ...row } },
        };
      }
      case 'remove':
        return this.remove(rest, 'promotions', 'content promotions remove', (id) =>
          this.content.removePromotion(id),
        );
      default:
        throw unknownCommand('promotions', sub);
    }
  }

  private async helpCommand(args: string[]): Promise<Outcome> {
    const [kind, sub, ...rest] = args;
    const key = `${kind ?? ''} ${sub ?? ''}`;
    switch (key) {
      case 'sections list': {
        parse(rest, {}, 'help', 0);
        const rows = await this.content.listHelpSections();
        return {
          output: table(
            ['ID', 'ORDER', 'TITLE (en)', 'TITLE (bn)'],
            rows.map((row) => [row.id, String(row.sortOrder), clip(row.title.en), clip(row.title.bn)]),
          ),
        };
      }
      case 'sections add': {
        const { values } = parse(rest, { order: { type: 'string' }, ...textOptions('title') }, 'help', 0);
        const row = await withFlags(
          {
            sortOrder: '--order',
            'title.bn': '--title-bn',
            'title.en': '--title-en',
            title: '--title-bn/--title-en',
          },
          this.content.addHelpSection({
            title: textFlags(values, 'title', 'help'),
            sortOrder: optionalInteger(values.order, 'order', 'help'),
          }),
        );
        return {
          output: `help section ${row.id} added`,
          audit: { command: 'content help sections add', detail: { ...row } },
        };
      }
      case 'sections remove':
        return this.remove(rest, 'help', 'content help sections remove', (id) =>
          this.content.removeHelpSection(id),
        );
      case 'articles list': {
        const { values } = parse(rest, { section: { type: 'string' } }, 'help', 0);
        const rows = await this.content.listHelpArticles(values.section);
        return {
          output: table(
            ['ID', 'SECTION', 'ORDER', 'TITLE (en)'],
            rows.map((row) => [row.id, row.sectionId, String(row.sortOrder), clip(row.title.en)]),
          ),
        };
      }
      case 'articles add': {
        const { values } = parse(
          rest,
          { section: { type: 'string' }, order: { type: 'string' }, ...textOptions('title', 'content') },
          'help',
          0,
        );
        const row = await withFlags(
          {
            sectionId: '--section',
            sortOrder: '--order',
            'title.bn': '--title-bn',
            'title.en': '--title-en',
            'content.bn': '--content-bn',
            'content.en': '--content-en',
            title: '--title-bn/--title-en',
            content: '--content-bn/--content-en',
          },
          this.content.addHelpArticle({
            sectionId: requireFlag(values.section, 'section', 'help'),
            title: textFlags(values, 'title', 'help'),
            content: textFlags(values, 'content', 'help'),
            sortOrder: optionalInteger(values.order, 'order', 'help'),
          }),
        );
        return {
          output: `help article ${row.id} added to ${row.sectionId}`,
          audit: { command: 'content help articles add', detail: { ...row } },
        };
      }
      case 'articles remove':
        return this.remove(rest, 'help', 'content help articles remove', (id) =>
          this.content.removeHelpArticle(id),
        );
      default:
        throw new UsageError(`unknown help command: ${key.trim() || '(none)'}`, usageOf('help'));
    }
  }

  // vendors

  private async vendorsCommand(args: string[]): Promise<Outcome> {
    const [sub, ...rest] = args;
    switch (sub) {
      case 'list': {
        parse(rest, {}, 'vendors', 0);
        const [rows, esports] = await Promise.all([
          this.game.listVendors(),
          this.settings.get('site.esportsVendors'),
        ]);
        return {
          output: table(
            ['VASSALAGE', 'CATEGORY', 'SHOWN AS', 'ORDER', 'HOT', 'ACTIVE', 'TITLE'],
            rows.map((row) => [
              row.vassalage,
              row.category,
              row.category === 'SPORTS' && esports.includes(row.vassalage) ? 'ESPORTS' : row.category,
              String(row.sortOrder),
              row.isHot ? 'yes' : 'no',
              row.active ? 'yes' : 'no',
              row.title,
            ]),
          ),
        };
      }
      case 'add': {
        const { values } = parse(
          rest,
          {
            vassalage: { type: 'string' },
            category: { type: 'string' },
            title: { type: 'string' },
            hot: { type: 'boolean' },
            icon: { type: 'string' },
            classify: { type: 'string' },
            order: { type: 'string' },
          },
          'vendors',
          0,
        );
        const input = {
          vassalage: requireFlag(values.vassalage, 'vassalage', 'vendors'),
          category: requireFlag(values.category, 'category', 'vendors').toUpperCase(),
          title: requireFlag(values.title, 'title', 'vendors'),
          isHot: values.hot ?? false,
          smallIcon: values.icon ?? null,
          gameClassify: values.classify ?? null,
          sortOrder: optionalInteger(values.order, 'order', 'vendors'),
        };
        const row = await withFlags(
          {
            vassalage: '--vassalage',
            category: '--category',
            title: '--title',
            smallIcon: '--icon',
            gameClassify: '--classify',
            sortOrder: '--order',
          },
          this.game.addVendor(input),
        );
        return {
          output: `vendor ${row.vassalage} added to ${row.category}`,
          audit: { command: 'vendors add', detail: { ...row } },
        };
      }
      case 'remove':
        return this.remove(rest, 'vendors', 'vendors remove', (id) => this.game.removeVendor(id));
      default:
        throw unknownCommand('vendors', sub);
    }
  }

  // audit

  private async auditCommand(args: string[]): Promise<Outcome> {
    const { values } = parse(args, { limit: { type: 'string' } }, 'audit', 0);
    const limit = optionalInteger(values.limit, 'limit', 'audit') ?? 20;
    if (limit < 1 || limit > 1000)
      throw new UsageError('--limit must be between 1 and 1000', usageOf('audit'));
    const rows = await operatorRepository.recentAudit(this.deps.db, limit);
    return {
      output: table(
        ['AT', 'ACTOR', 'COMMAND', 'DETAIL'],
        rows.map((row) => [iso(row.at), row.actor, row.command, clip(JSON.stringify(row.detail), 80)]),
      ),
    };
  }

  private async remove(
    args: string[],
    topic: UsageTopic,
    command: string,
    removeOne: (id: string) => Promise<void>,
  ): Promise<Outcome> {
    const [id = ''] = parse(args, {}, topic, 1).positionals;
    await removeOne(id);
    return { output: `${id} removed`, audit: { command, detail: { id } } };
  }
}
