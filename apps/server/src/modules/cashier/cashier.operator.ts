import { formatMoney } from '@platform/contract';
import {
  optionalInteger,
  pagedStatusQuery,
  parse,
  removeOne,
  requireFlag,
  table,
  unknownCommand,
  usagePrinter,
  withFlags,
  type OperatorCommands,
  type Outcome,
} from '../../lib/operator-cli.js';
import type { ChannelService } from './channel.service.js';
import type { DepositService } from './deposit.service.js';
import type { WithdrawalService } from './withdrawal.service.js';

const usage = {
  channels: [
    'channels list                      every payment channel, enabled or not',
    'channels add --kind bank_transfer|gateway --name N --min AMOUNT --max AMOUNT [--order N]',
    '             [--name-bn NAME] [--name-en NAME]   (the name members read in Bengali and English)',
    '             bank_transfer: --bank-name B --account-name A --account-number N',
    '             gateway: --provider sandbox   (a signing secret is generated)',
    'channels rename ID [--name N] [--name-bn NAME] [--name-en NAME]',
    'channels enable ID',
    'channels disable ID                members no longer see it; its deposits stay as they are',
    'channels remove ID                 refused once deposits went through it: disable it instead',
  ],
  withdrawals: [
    'withdrawals list [--status pending|paid|rejected|received|not_received|auto_received] [--page N]',
    'withdrawals approve ID --payout-ref R   after paying out: the held money leaves (pending only)',
    'withdrawals reject ID --reason R        the held money goes back to the member (pending only)',
    'withdrawals hold ID --reason R          held for review: nobody approves it until released',
    'withdrawals release ID --reason R       back in the queue',
  ],
  deposits: [
    'deposits list [--status pending|credited|rejected|expired] [--page N]',
    'deposits confirm ID                credits the member (pending deposits only)',
    'deposits reject ID --reason R',
  ],
} as const;
const usageOf = usagePrinter(usage);

interface Services {
  channels: ChannelService;
  deposits: DepositService;
  withdrawals: WithdrawalService;
}

/**
 * channels, withdrawals and deposits: the cashier's queues, through the same services and rules as
 * the admin API (which audit each decision in its own transaction).
 */
export function cashierOperatorCommands(s: Services): OperatorCommands {
  return {
    usage,
    commands: {
      channels: (args) => channelsCommand(s, args),
      withdrawals: (args, { actor }) => withdrawalsCommand(s, args, actor),
      deposits: (args, { actor }) => depositsCommand(s, args, actor),
    },
  };
}

async function channelsCommand(s: Services, args: string[]): Promise<Outcome> {
  const { channels } = s;
  const [sub, ...rest] = args;
  switch (sub) {
    case 'list': {
      parse(rest, {}, usageOf('channels'), 0);
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
          'name-bn': { type: 'string' },
          'name-en': { type: 'string' },
        },
        usageOf('channels'),
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
          nameBn: '--name-bn',
          nameEn: '--name-en',
        },
        channels.add({
          kind: requireFlag(values.kind, 'kind', usageOf('channels')),
          name: requireFlag(values.name, 'name', usageOf('channels')),
          min: requireFlag(values.min, 'min', usageOf('channels')),
          max: requireFlag(values.max, 'max', usageOf('channels')),
          bankName: values['bank-name'],
          accountName: values['account-name'],
          accountNumber: values['account-number'],
          provider: values.provider,
          sortOrder: optionalInteger(values.order, 'order', usageOf('channels')),
          nameBn: values['name-bn'],
          nameEn: values['name-en'],
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
            names: row.names,
            min: formatMoney(row.minAmount),
            max: formatMoney(row.maxAmount),
            ...(row.kind === 'bank_transfer' ? row.details : { provider: row.details.provider }),
          },
        },
      };
    }
    case 'rename': {
      const { values, positionals } = parse(
        rest,
        { name: { type: 'string' }, 'name-bn': { type: 'string' }, 'name-en': { type: 'string' } },
        usageOf('channels'),
        1,
      );
      const id = positionals[0] as string;
      const row = await withFlags(
        { name: '--name', nameBn: '--name-bn', nameEn: '--name-en' },
        channels.rename(id, { name: values.name, nameBn: values['name-bn'], nameEn: values['name-en'] }),
      );
      return {
        output: `channel ${row.id}: ${row.name} (bn ${row.names?.bn || row.name}, en ${row.names?.en || row.name})`,
        audit: { command: 'channels rename', detail: { id: row.id, name: row.name, names: row.names } },
      };
    }
    case 'enable':
    case 'disable': {
      const [id = ''] = parse(rest, {}, usageOf('channels'), 1).positionals;
      await channels.setEnabled(id, sub === 'enable');
      return { output: `channel ${id} ${sub}d`, audit: { command: `channels ${sub}`, detail: { id } } };
    }
    case 'remove':
      return removeOne(rest, usageOf('channels'), 'channels remove', (id) => channels.remove(id));
    default:
      throw unknownCommand('channels', sub, usageOf('channels'));
  }
}

async function withdrawalsCommand(s: Services, args: string[], actor: string): Promise<Outcome> {
  const { withdrawals } = s;
  const [sub, ...rest] = args;
  switch (sub) {
    case 'list': {
      const query = pagedStatusQuery(rest, usageOf('withdrawals'));
      const page = await withFlags({ status: '--status' }, withdrawals.adminList({ ...query, pageSize: 50 }));
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
      const { values, positionals } = parse(
        rest,
        { 'payout-ref': { type: 'string' } },
        usageOf('withdrawals'),
        1,
      );
      const reference = requireFlag(values['payout-ref'], 'payout-ref', usageOf('withdrawals'));
      const row = await withFlags(
        { payoutReference: '--payout-ref' },
        withdrawals.approve(positionals[0] ?? '', reference, { actor }),
      );
      if (row.awaitingSecondApproval) {
        return {
          output: `withdrawal ${row.id}: first approval recorded (${row.amount} is above the four-eyes amount); another member of staff must approve it`,
        };
      }
      return {
        output: `withdrawal ${row.id} paid: ${row.amount} to ${row.memberAccount} (${reference})`,
      };
    }
    case 'reject': {
      const { values, positionals } = parse(rest, { reason: { type: 'string' } }, usageOf('withdrawals'), 1);
      const reason = requireFlag(values.reason, 'reason', usageOf('withdrawals'));
      const row = await withFlags(
        { reason: '--reason' },
        withdrawals.reject(positionals[0] ?? '', reason, { actor }),
      );
      return {
        output: `withdrawal ${row.id} rejected: ${row.amount} back to ${row.memberAccount}`,
      };
    }
    case 'hold':
    case 'release': {
      const { values, positionals } = parse(rest, { reason: { type: 'string' } }, usageOf('withdrawals'), 1);
      const reason = requireFlag(values.reason, 'reason', usageOf('withdrawals'));
      const id = positionals[0] ?? '';
      const row = await withFlags(
        { reason: '--reason' },
        sub === 'hold' ? withdrawals.hold(id, reason, { actor }) : withdrawals.release(id, reason, { actor }),
      );
      return { output: `withdrawal ${row.id} ${sub === 'hold' ? 'held for review' : 'released'}` };
    }
    default:
      throw unknownCommand('withdrawals', sub, usageOf('withdrawals'));
  }
}

async function depositsCommand(s: Services, args: string[], actor: string): Promise<Outcome> {
  const { deposits } = s;
  const [sub, ...rest] = args;
  switch (sub) {
    case 'list': {
      const query = pagedStatusQuery(rest, usageOf('deposits'));
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
      const [id = ''] = parse(rest, {}, usageOf('deposits'), 1).positionals;
      const row = await deposits.confirm(id, { actor });
      return {
        output: `deposit ${row.id} credited: ${row.amount} to ${row.memberAccount}`,
      };
    }
    case 'reject': {
      const { values, positionals } = parse(rest, { reason: { type: 'string' } }, usageOf('deposits'), 1);
      const reason = requireFlag(values.reason, 'reason', usageOf('deposits'));
      const row = await withFlags(
        { reason: '--reason' },
        deposits.reject(positionals[0] ?? '', reason, { actor }),
      );
      return {
        output: `deposit ${row.id} rejected`,
      };
    }
    default:
      throw unknownCommand('deposits', sub, usageOf('deposits'));
  }
}
