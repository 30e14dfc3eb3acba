import { formatMoney, isTrialType } from '@platform/contract';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { parse, usagePrinter, UsageError, type OperatorCommands } from '../../lib/operator-cli.js';
import { accountCodes, type LedgerService, type ReconciliationProblem } from './ledger.service.js';
import type { WalletMembers } from './wallet.service.js';

const usage = {
  ledger: [
    'reconcile                          checks the ledger: balances equal their entries, transfers sum to zero,',
    '                                   holding accounts hold what their modules owe;',
    '                                   exit code 1 when anything disagrees',
    "balance ACCOUNT                    a member's main, bonus, held and demo balances",
  ],
} as const;
const usageOf = usagePrinter(usage);

/** reconcile and balance: the operator tool's ledger commands (reads only). */
export function walletOperatorCommands(s: {
  ledger: LedgerService;
  db: Executor;
  members: () => WalletMembers;
}): OperatorCommands {
  return {
    usage,
    commands: {
      reconcile: async (args) => {
        parse(args, {}, usageOf('ledger'), 0);
        return reconcileCommand(s.ledger, s.db);
      },
      balance: async (args) => {
        const [account = ''] = parse(args, {}, usageOf('ledger'), 1).positionals;
        if (!/^\d{6,20}$/.test(account)) {
          throw new UsageError(`ACCOUNT is a member's account number, got ${account}`, usageOf('ledger'));
        }
        return { output: await balanceCommand(s.ledger, s.db, s.members(), account) };
      },
    },
  };
}

function describe(problem: ReconciliationProblem): string {
  switch (problem.kind) {
    case 'balance_mismatch':
      return `balance_mismatch     ${problem.account}: balance ${formatMoney(problem.balance)}, entries sum to ${formatMoney(problem.entrySum)}`;
    case 'negative_balance':
      return `negative_balance     ${problem.account}: ${formatMoney(problem.balance)}`;
    case 'unbalanced_transfer':
      return `unbalanced_transfer  #${problem.transferId} (${problem.idempotencyKey}): ${problem.entryCount} entries summing to ${formatMoney(problem.entrySum)}`;
    case 'holding_mismatch':
      return `holding_mismatch     ${problem.account}: holds ${formatMoney(problem.balance)}, owes ${formatMoney(problem.owed)}`;
    case 'currency_mismatch':
      return `currency_mismatch    #${problem.transferId}: ${problem.transferCurrency} transfer touches ${problem.account} (${problem.accountCurrency})`;
  }
}

/** exitCode 1 when the books disagree anywhere, so CI fails on it. */
export async function reconcileCommand(
  ledger: LedgerService,
  db: Executor,
): Promise<{ output: string; exitCode: number }> {
  const problems = await ledger.reconcile(db);
  if (problems.length === 0) {
    return {
      output:
        'reconcile: the books agree (every balance equals its entries, every transfer sums to zero, every holding account holds what it owes)',
      exitCode: 0,
    };
  }
  return {
    output: [
      `reconcile: ${problems.length} problem(s)`,
      ...problems.map((problem) => `  ${describe(problem)}`),
    ].join('\n'),
    exitCode: 1,
  };
}

/** A member's wallets by account number. */
export async function balanceCommand(
  ledger: LedgerService,
  db: Executor,
  members: Pick<WalletMembers, 'byAccount'>,
  account: string,
): Promise<string> {
  const found = await members.byAccount(account);
  if (!found) throw new AppError('NOT_FOUND', `no member with account ${account}`);
  const wallets = [
    ['main', accountCodes.memberMain(found.id)],
    ['bonus', accountCodes.memberBonus(found.id)],
    ['held', accountCodes.memberHeld(found.id)],
    ['demo', accountCodes.memberDemo(found.id)],
  ] as const;
  const lines = [`${account} (${found.username}${isTrialType(found.type) ? ', trial' : ''})`];
  for (const [name, code] of wallets) {
    lines.push(`  ${name.padEnd(6)}${formatMoney(await ledger.balanceOf(db, code)).padStart(16)}`);
  }
  return lines.join('\n');
}
