import { formatMoney, lotteryBetStatuses, type BetRecordLottery } from '@platform/contract';
import { sql } from 'drizzle-orm';
import type { RecordSourceView, UnionRecordRow } from '../provider/index.js';
import { oddsText } from './lottery.service.js';

interface LotteryExtra {
  periodNo: string;
  betType: string;
  selection: string;
  odds: number;
  units: number;
  stake: string;
  status: string;
  hits: number;
}

const statusOf = (status: string): BetRecordLottery['status'] =>
  (lotteryBetStatuses as readonly string[]).includes(status)
    ? (status as BetRecordLottery['status'])
    : 'pending';

/**
 * The lottery's bets in the member's betting record (ADR 061), beside the vendors' rounds: one row per
 * bet, its cost as the bet, a win as the win, a tie's, void's or system refund's stake back as the
 * refund; pending bets are open rounds. Read through lottery_bet_member_idx (member_id, created_at).
 */
export const lotteryRecordSource: RecordSourceView = {
  kind: 'lottery',
  select: (filter) => sql`
    select 'lottery'::text as kind, b.public_id as key, b.id as id, b.public_id as round_id,
      'LOTTERY'::text as vendor_code, b.game_code as game_code, g.name as game_name,
      'REAL'::text as ledger_currency,
      case b.status when 'pending' then 'open' when 'cancelled' then 'cancelled'
        when 'refunded' then 'cancelled' else 'settled' end as status,
      b.amount as bet_total,
      case when b.status = 'win' then b.win else 0::bigint end as win_total,
      case when b.status in ('tie', 'cancelled', 'refunded') then b.win else 0::bigint end as refund_total,
      b.created_at as opened_at, b.settled_at as closed_at, true as has_detail,
      g.category as category,
      jsonb_build_object('periodNo', p.period_no, 'betType', b.bet_type, 'selection', b.selection,
        'odds', b.odds, 'units', b.units, 'stake', b.stake::text, 'status', b.status, 'hits', b.hits) as extra
    from lottery_bet b
    join lottery_period p on p.id = b.period_id
    join lottery_game g on g.code = b.game_code
    where b.member_id = ${filter.memberId}
      and b.created_at >= ${filter.from.toISOString()}::timestamptz
      and b.created_at < ${filter.until.toISOString()}::timestamptz
      ${filter.category ? sql`and g.category = ${filter.category}` : sql``}`,
  present(row: UnionRecordRow) {
    const extra = row.extra as LotteryExtra;
    return {
      vendorName: 'Lottery',
      lottery: {
        periodNo: extra.periodNo,
        betType: extra.betType,
        selection: extra.selection.split(','),
        odds: oddsText(extra.odds),
        stake: formatMoney(BigInt(extra.stake)),
        units: extra.units,
        status: statusOf(extra.status),
        hits: extra.hits,
      },
    };
  },
};
