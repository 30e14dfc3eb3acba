import { formatMoney } from '@platform/contract';
import {
  iso,
  optionalInteger,
  parse,
  table,
  unknownCommand,
  usagePrinter,
  type OperatorCommands,
  type Outcome,
} from '../../lib/operator-cli.js';
import type { TransferService } from './transfer.service.js';

const usage = {
  'vendor-transfers': [
    'vendor-transfers pending [--limit N]   transfers a transfer-model vendor has not confirmed yet',
    'vendor-transfers reconcile             ask the vendors about every pending transfer older than 30 s',
    '            and resolve each once (what the every-minute job does)',
  ],
} as const;
const usageOf = usagePrinter(usage);

/** vendor-transfers: the transfer model's pending transfers and their reconciliation (ADR 021). */
export function transferOperatorCommands({ transfers }: { transfers: TransferService }): OperatorCommands {
  return {
    usage,
    commands: { 'vendor-transfers': (args) => vendorTransfersCommand(transfers, args) },
  };
}

async function vendorTransfersCommand(transfers: TransferService, args: string[]): Promise<Outcome> {
  const [sub, ...rest] = args;
  switch (sub) {
    case 'pending': {
      const { values } = parse(rest, { limit: { type: 'string' } }, usageOf('vendor-transfers'), 0);
      const limit = optionalInteger(values.limit, 'limit', usageOf('vendor-transfers')) ?? 200;
      const rows = await transfers.pendingTransfers(Math.min(Math.max(limit, 1), 1000));
      return {
        output: table(
          ['TRANSFER', 'VENDOR', 'MEMBER ID', 'DIRECTION', 'AMOUNT', 'CREATED', 'CHECKS', 'LAST ERROR'],
          rows.map((row) => [
            row.publicId,
            row.vendorCode,
            String(row.memberId),
            row.direction,
            formatMoney(row.amount),
            iso(row.createdAt),
            String(row.checks),
            row.lastError ?? '-',
          ]),
        ),
      };
    }
    case 'reconcile': {
      parse(rest, {}, usageOf('vendor-transfers'), 0);
      const outcome = await transfers.reconcileNow();
      return {
        output: `succeeded ${outcome.succeeded}, failed ${outcome.failed}, still pending ${outcome.stillPending}`,
        audit: { command: 'vendor-transfers reconcile', detail: outcome },
      };
    }
    default:
      throw unknownCommand('vendor-transfers', sub, usageOf('vendor-transfers'));
  }
}
