import {
  formatMoney,
  gameCategories,
  gameCategorySchema,
  type BetRecord,
  type BetRecordDetail,
  type GameCategory,
  type Page,
  type ProfitReport,
  type RoundStatus,
} from '@platform/contract';
import type { Executor } from '../../db/database.js';
import type { AuthenticatedMember } from '../../lib/caller.js';
import { notFound } from '../../lib/errors.js';
import {
  roundRecordsRepository,
  type RecordSource,
  type RoundFilter,
  type RoundRecordRow,
  type UnionRecordRow,
} from './round-records.repository.js';

/** A vendor as the records name it: its title and lobby category (null when it has none we know). */
export interface RecordVendor {
  name: string;
  category: GameCategory | null;
}

export interface RoundRecordsDeps {
  db: Executor;
  /** every vendor of the catalogue, active or not, by code */
  vendors(): Promise<Map<string, RecordVendor>>;
  /** the site's days: where one begins and where the next begins (wallet's site-time) */
  siteDayStart(day: string): Date;
  siteDayEnd(day: string): Date;
  siteUtcOffsetMinutes: number;
  /** other modules' bets listed in the record beside the vendors' rounds (the lottery's, ADR 061) */
  sources?: readonly RecordSourceView[];
}

/** A record source and how the record shows its rows. */
export interface RecordSourceView extends RecordSource {
  present(row: UnionRecordRow): Pick<BetRecord, 'vendorName'> & Partial<Pick<BetRecord, 'lottery'>>;
}

/** The contract validated these already (dates, range, category, page). */
interface BetRecordQuery {
  from: string;
  to: string;
  category?: GameCategory | undefined;
  pageNo: number;
  pageSize: number;
}

const MAX_ROUND_ID = 9_223_372_036_854_775_807n;

const statusOf = (status: string): RoundStatus =>
  status === 'settled' || status === 'cancelled' ? status : 'open';

/**
 * The member's betting record (personalHistoryCopy), one round's detail, and the personal profit and
 * loss (personalProfit), read from the rounds vendors report through the wallet API (ADR 022).
 */
export class RoundRecordsService {
  constructor(private readonly deps: RoundRecordsDeps) {}

  async betRecords(member: AuthenticatedMember, query: BetRecordQuery): Promise<Page<BetRecord>> {
    const sources = this.deps.sources ?? [];
    if (sources.length > 0) return this.unionRecords(member, query, sources);
    const vendors = await this.deps.vendors();
    const filter = this.filterOf(member, query, vendors);
    const empty = { list: [], pageNo: query.pageNo, pageSize: query.pageSize, totalCount: 0, totalPages: 0 };
    if (!filter) return empty;
    const totalCount = await roundRecordsRepository.count(this.deps.db, filter);
    const offset = (query.pageNo - 1) * query.pageSize;
    // A page past the end is answered empty without reading rows.
    const rows =
      totalCount > offset
        ? await roundRecordsRepository.page(this.deps.db, filter, query.pageSize, offset)
        : [];
    return {
      list: rows.map((row) => recordOf(row, vendors)),
      pageNo: query.pageNo,
      pageSize: query.pageSize,
      totalCount,
      totalPages: Math.ceil(totalCount / query.pageSize),
    };
  }

  /** The vendors' rounds and the sources' bets in one list, newest first (ADR 061). */
  private async unionRecords(
    member: AuthenticatedMember,
    query: BetRecordQuery,
    sources: readonly RecordSourceView[],
  ): Promise<Page<BetRecord>> {
    const vendors = await this.deps.vendors();
    // A category no vendor is in may still have the sources' bets (the lottery's LOTT and ELOTT).
    const filter = this.filterOf(member, query, vendors) ?? {
      memberId: member.id,
      from: this.deps.siteDayStart(query.from),
      until: this.deps.siteDayEnd(query.to),
      vendorCodes: [],
    };
    const totalCount = await roundRecordsRepository.unionCount(this.deps.db, filter, sources, query.category);
    const offset = (query.pageNo - 1) * query.pageSize;
    const rows =
      totalCount > offset
        ? await roundRecordsRepository.unionPage(
            this.deps.db,
            filter,
            sources,
            query.category,
            query.pageSize,
            offset,
          )
        : [];
    const byKind = new Map(sources.map((source) => [source.kind, source]));
    return {
      list: rows.map((row) => {
        const source = byKind.get(row.kind);
        if (!source) return recordOf(row, vendors);
        const category = gameCategorySchema.safeParse(row.category);
        return {
          ...recordOf(row, vendors),
          id: row.key,
          category: category.success ? category.data : null,
          ...source.present(row),
        };
      }),
      pageNo: query.pageNo,
      pageSize: query.pageSize,
      totalCount,
      totalPages: Math.ceil(totalCount / query.pageSize),
    };
  }

  /** Another member's round, or one that does not exist, is the same NOT_FOUND: ids reveal nothing. */
  async betRecord(member: AuthenticatedMember, id: string): Promise<BetRecordDetail> {
    const roundId = BigInt(id);
    const row =
      roundId <= MAX_ROUND_ID
        ? await roundRecordsRepository.ofMember(this.deps.db, member.id, roundId)
        : null;
    if (!row) throw notFound('round');
    const vendors = await this.deps.vendors();
    return { ...recordOf(row, vendors), detail: row.detail };
  }

  async profit(member: AuthenticatedMember, query: { from: string; to: string }): Promise<ProfitReport> {
    const vendors = await this.deps.vendors();
    const filter = this.filterOf(member, query, vendors);
    const sources = this.deps.sources ?? [];
    // The lottery's bets are the member's play too (ADR 061): the same totals over the record's union.
    const groups = !filter
      ? []
      : sources.length > 0
        ? await roundRecordsRepository.unionProfitGroups(
            this.deps.db,
            filter,
            sources,
            this.deps.siteUtcOffsetMinutes,
          )
        : await roundRecordsRepository.profitGroups(this.deps.db, filter, this.deps.siteUtcOffsetMinutes);
    const total = new Totals();
    const days = new Map<string, Totals>();
    const categories = new Map<GameCategory | null, Totals>();
    for (const group of groups) {
      total.add(group);
      days.set(group.day, (days.get(group.day) ?? new Totals()).add(group));
      const named = group.category ? gameCategorySchema.safeParse(group.category) : null;
      const category = named?.success ? named.data : (vendors.get(group.vendorCode)?.category ?? null);
      categories.set(category, (categories.get(category) ?? new Totals()).add(group));
    }
    const order = (category: GameCategory | null) =>
      category === null ? gameCategories.length : gameCategories.indexOf(category);
    return {
      from: query.from,
      to: query.to,
      demo: groups.some((group) => group.demo),
      total: total.view(),
      days: [...days.entries()]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([day, totals]) => ({ day, ...totals.view() })),
      categories: [...categories.entries()]
        .sort(([a], [b]) => order(a) - order(b))
        .map(([category, totals]) => ({ category, ...totals.view() })),
    };
  }

  /** null: the category has no vendor, so nothing can match. */
  private filterOf(
    member: AuthenticatedMember,
    query: { from: string; to: string; category?: GameCategory | undefined },
    vendors: Map<string, RecordVendor>,
  ): RoundFilter | null {
    const filter: RoundFilter = {
      memberId: member.id,
      from: this.deps.siteDayStart(query.from),
      until: this.deps.siteDayEnd(query.to),
    };
    if (!query.category) return filter;
    const codes = [...vendors]
      .filter(([, vendor]) => vendor.category === query.category)
      .map(([code]) => code);
    return codes.length > 0 ? { ...filter, vendorCodes: codes } : null;
  }
}

function recordOf(row: RoundRecordRow, vendors: Map<string, RecordVendor>): BetRecord {
  const vendor = vendors.get(row.vendorCode);
  return {
    id: row.id.toString(),
    roundRef: row.roundId,
    vendorCode: row.vendorCode,
    vendorName: vendor?.name ?? row.vendorCode,
    gameCode: row.gameCode,
    gameName: row.gameName ?? row.gameCode,
    category: vendor?.category ?? null,
    bet: formatMoney(row.betTotal),
    win: formatMoney(row.winTotal),
    refund: formatMoney(row.refundTotal),
    net: formatMoney(row.winTotal + row.refundTotal - row.betTotal),
    status: statusOf(row.status),
    openedAt: row.openedAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    demo: row.ledgerCurrency === 'DEMO',
    hasDetail: row.hasDetail,
  };
}

class Totals {
  rounds = 0;
  bet = 0n;
  win = 0n;
  refund = 0n;
  validBet = 0n;

  add(group: { rounds: number; bet: bigint; win: bigint; refund: bigint; validBet: bigint }): this {
    this.rounds += group.rounds;
    this.bet += group.bet;
    this.win += group.win;
    this.refund += group.refund;
    this.validBet += group.validBet;
    return this;
  }

  view() {
    return {
      rounds: this.rounds,
      bet: formatMoney(this.bet),
      win: formatMoney(this.win),
      refund: formatMoney(this.refund),
      validBet: formatMoney(this.validBet),
      net: formatMoney(this.win + this.refund - this.bet),
    };
  }
}

/** A vendor's catalogue row and lobby category as the records name them. */
export function recordVendorsOf(
  rows: readonly { vassalage: string; title: string; category: string }[],
  lobby: ReadonlyMap<string, GameCategory>,
): Map<string, RecordVendor> {
  return new Map(
    rows.map((row) => {
      const parsed = gameCategorySchema.safeParse(row.category);
      return [
        row.vassalage,
        { name: row.title, category: lobby.get(row.vassalage) ?? (parsed.success ? parsed.data : null) },
      ];
    }),
  );
}
