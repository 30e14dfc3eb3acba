import { AppError } from '../../lib/errors.js';
import {
  usageText,
  UsageError,
  type CommandHandler,
  type OperatorCommands,
  type OperatorResult,
  type Outcome,
} from '../../lib/operator-cli.js';
import type { AuditService } from '../audit/index.js';

export type { OperatorResult };

/**
 * The operator tool: each module registers its own commands (its `<domain>.operator.ts`); this only
 * dispatches a command line to them, audits what changed, and turns mistakes into output and an exit
 * code. Help is assembled from the registered commands, in the order they were registered.
 */
export class OperatorService {
  private readonly handlers = new Map<string, CommandHandler>();
  private readonly usageLines: string[] = [];

  constructor(
    private readonly audit: Pick<AuditService, 'record'>,
    groups: readonly OperatorCommands[] = [],
  ) {
    for (const group of groups) this.register(group);
  }

  register(group: OperatorCommands): void {
    for (const [name, handler] of Object.entries(group.commands)) {
      if (this.handlers.has(name)) throw new Error(`operator: command ${name} registered twice`);
      this.handlers.set(name, handler);
    }
    for (const lines of Object.values(group.usage)) this.usageLines.push(...lines);
  }

  /** Runs one command line; never throws for a mistake of the operator, which is reported in output. */
  async run(args: string[], actor: string): Promise<OperatorResult> {
    try {
      const outcome = await this.dispatch(args, actor);
      if (outcome.audit) {
        const { command, detail, target, before, after } = outcome.audit;
        await this.audit.record(actor, command, target ?? null, detail, { before, after });
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

  private fullUsage(): string {
    return `Operator tool: change settings and content without code or SQL.\n\n${usageText(this.usageLines)}`;
  }

  private async dispatch(args: string[], actor: string): Promise<Outcome> {
    const [command, ...rest] = args;
    if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
      return { output: this.fullUsage() };
    }
    const handler = this.handlers.get(command);
    if (!handler) throw new UsageError(`unknown command: ${command}`, this.fullUsage());
    return handler(rest, { actor });
  }
}
