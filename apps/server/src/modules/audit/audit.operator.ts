import {
  clip,
  iso,
  optionalInteger,
  parse,
  table,
  usagePrinter,
  UsageError,
  type OperatorCommands,
  type Outcome,
} from '../../lib/operator-cli.js';
import type { AuditService } from './audit.service.js';

const usage = {
  audit: [
    'audit [--limit N]                  the latest operator actions',
    'audit verify                       walks the audit hash chain; exits 1 naming the first broken row',
  ],
} as const;
const usageOf = usagePrinter(usage);

interface Services {
  audit: AuditService;
}

/** audit: the latest rows of the staff audit. */
export function auditOperatorCommands(s: Services): OperatorCommands {
  return { usage, commands: { audit: (args) => auditCommand(s, args) } };
}

async function auditCommand(s: Services, args: string[]): Promise<Outcome> {
  if (args[0] === 'verify') return verifyCommand(s, args.slice(1));
  const { values } = parse(args, { limit: { type: 'string' } }, usageOf('audit'), 0);
  const limit = optionalInteger(values.limit, 'limit', usageOf('audit')) ?? 20;
  if (limit < 1 || limit > 1000) throw new UsageError('--limit must be between 1 and 1000', usageOf('audit'));
  const rows = await s.audit.recent(limit);
  return {
    output: table(
      ['AT', 'ACTOR', 'COMMAND', 'DETAIL'],
      rows.map((row) => [iso(row.at), row.actor, row.command, clip(JSON.stringify(row.detail), 80)]),
    ),
  };
}

async function verifyCommand(s: Services, args: string[]): Promise<Outcome> {
  parse(args, {}, usageOf('audit'), 0);
  const verdict = await s.audit.verify();
  if (!verdict.ok) {
    const { id, seq, problem } = verdict.broken;
    return {
      exitCode: 1,
      output: `The audit chain is broken at row id ${id} (seq ${seq}): ${problem}.\n${verdict.rows} rows before it hold.`,
    };
  }
  // The head is what to keep elsewhere: a chain rewritten from some row to its end verifies on its own.
  const head = verdict.head ? ` Head: seq ${verdict.head.seq}, hash ${verdict.head.hash}.` : '';
  return { output: `The audit chain holds: ${verdict.rows} row${verdict.rows === 1 ? '' : 's'}.${head}` };
}
