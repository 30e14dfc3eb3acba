import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFundedMember, lotteryPeriodNow, placeLotterySlip } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { lotteryOperatorCommands } from './lottery.operator.js';

/** The operator tool's lottery commands, as `npm run operator -- lottery ...` runs them. */
describe('operator: lottery commands', () => {
  let t: TestApp;
  let run: (args: string[]) => Promise<{ output: string; exitCode?: number }>;

  beforeAll(async () => {
    t = await createTestApp();
    await t.handle.db.execute(sql`update lottery_game set enabled = (code = 'SSC-1')`);
    const { commands } = lotteryOperatorCommands({
      lottery: t.services.lottery,
      vnResults: t.services.lotteryVnResults,
      db: t.handle.db,
    });
    run = async (args) => {
      const outcome = await commands.lottery?.(args, { actor: 'cli:test' });
      if (!outcome) throw new Error('no outcome');
      return outcome;
    };
  });
  afterAll(async () => {
    await t.close();
  });

  it('enables and disables a game, shows a period’s exposure and voids it, each with its own arguments', async () => {
    expect((await run(['enable', 'K3-1'])).output).toBe('K3-1 enabled');
    const [row] = (
      (await t.handle.db.execute(sql`select enabled from lottery_game where code = 'K3-1'`)) as unknown as {
        rows: { enabled: boolean }[];
      }
    ).rows;
    expect(row?.enabled).toBe(true);
    expect((await run(['disable', 'K3-1'])).output).toBe('K3-1 disabled');
    expect(await run(['enable', 'NOPE-1'])).toMatchObject({ exitCode: 1 });

    const who = await createFundedMember(t, '10.00');
    const periodNo = await lotteryPeriodNow(t, 'SSC-1');
    await placeLotterySlip(t, who, 'SSC-1', [{ betType: 'size', selection: ['sum', 'big'], stake: '2.00' }], {
      periodNo,
    });
    expect((await run(['exposure', 'SSC-1', periodNo])).output).toContain('size:sum,big');
    expect((await run(['void', 'SSC-1', periodNo, 'feed fault'])).output).toContain('every bet refunded');
    await expect(run(['enable'])).rejects.toThrow(/expected 2 arguments/);
  });
});
