import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { playerNote } from './players.schema.js';

/**
 * Typed SQL of the back office's Players section. The search and the 360 are a read model over many
 * modules' tables (member, ledger, cashier, provider rounds, lottery bets, sessions, agent tree,
 * loyalty): one query per section, read-only, so that each answers from its own index in one round
 * trip. The only table written here is player_note (this module's own); tags are the messaging
 * module's and are changed through its service.
 */

/** A bigint or integer column as the drivers hand it (string, number or bigint). */
export type DbInt = string | number | bigint;
export const big = (value: DbInt | null | undefined): bigint =>
  value === null || value === undefined ? 0n : BigInt(value);
const num = (value: DbInt | null | undefined): number => Number(value ?? 0);
/** A timestamp as the drivers hand it (Date from pg and PGlite; text from a jsonb or an aggregate). */
export type DbTime = Date | string;
export const instantOf = (value: DbTime): Date => (value instanceof Date ? value : new Date(value));

async function rowsOf<Row>(db: Executor, query: SQL): Promise<Row[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: Row[] }).rows;
}

/** One search condition: which field it reports, and its SQL (member_id, value, rank 0 exact/1 prefix/2 within). */
export interface SearchPart {
  field: string;
  query: SQL;
}

/** LIKE's wildcards in a value taken as written. */
export const likeEscape = (value: string): string => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The device of a session: the first 16 hex digits of the MD5 of its User-Agent (indexed expression). */
const deviceOf = (column: SQL): SQL => sql`left(md5(${column}), 16)`;

export const searchParts = {
  account(digits: string, cap: number): SearchPart {
    return {
      field: 'account',
      query: sql`select id as member_id, account as value, case when account = ${digits} then 0 else 1 end as rank
        from member where account like ${`${likeEscape(digits)}%`} order by account using ~<~ limit ${cap}`,
    };
  },
  mobile(digits: string, cap: number): SearchPart {
    return {
      field: 'mobile',
      query: sql`select id as member_id, mobile as value, case when mobile = ${digits} then 0 else 1 end as rank
        from member where mobile like ${`${likeEscape(digits)}%`} order by mobile using ~<~ limit ${cap}`,
    };
  },
  bankAccount(number: string, cap: number): SearchPart {
    return {
      field: 'bankAccount',
      query: sql`select member_id, account_number as value,
          case when account_number = ${number} then 0 else 1 end as rank
        from member_bank_account where account_number like ${`${likeEscape(number)}%`}
        order by account_number using ~<~ limit ${cap}`,
    };
  },
  /**
   * A text field (username, email, real name) in lower case: a prefix from the index on lower(column)
   * for a query shorter than a trigram, else a substring through the trigram index.
   */
  text(
    field: string,
    column: 'username' | 'email' | 'payee_name',
    lower: string,
    cap: number,
    prefixOnly = false,
  ): SearchPart {
    const expression = sql`lower(${sql.raw(column)})`;
    const prefix = prefixOnly || lower.length < 3;
    const pattern = prefix ? `${likeEscape(lower)}%` : `%${likeEscape(lower)}%`;
    // ~<~ is text_pattern_ops' order: the prefix index hands the rows over in it, so LIMIT stops early.
    const order = prefix ? sql`order by ${expression} using ~<~` : sql``;
    return {
      field,
      query: sql`select id as member_id, ${sql.raw(column)} as value,
          case when ${expression} = ${lower} then 0 when ${expression} like ${`${likeEscape(lower)}%`} then 1 else 2 end as rank
        from member where ${expression} like ${pattern} ${order} limit ${cap}`,
    };
  },
  ip(ip: string, cap: number): SearchPart[] {
    return [
      {
        field: 'ip',
        query: sql`select distinct member_id, ip as value, 0 as rank from member_session where ip = ${ip} limit ${cap}`,
      },
      {
        field: 'ip',
        query: sql`select id as member_id, register_ip as value, 0 as rank from member where register_ip = ${ip} limit ${cap}`,
      },
    ];
  },
  device(device: string, cap: number): SearchPart {
    return {
      field: 'device',
      query: sql`select distinct member_id, ${device} as value, 0 as rank from member_session
        where ${deviceOf(sql`user_agent`)} = ${device} and user_agent is not null limit ${cap}`,
    };
  },
};

export interface SearchRow {
  total: DbInt;
  widest: DbInt | null;
  member_id: DbInt | null;
  fields: string[] | string | null;
  value: string | null;
  account: string | null;
  username: string | null;
  payee_name: string | null;
  mobile: string | null;
  email: string | null;
  status: string | null;
  type: DbInt | null;
  created_at: DbTime | null;
}

export interface MemberRow {
  id: DbInt;
  account: string;
  username: string;
  nickname: string | null;
  payee_name: string | null;
  country_dialing_code: string | null;
  mobile: string | null;
  mobile_verified_at: DbTime | null;
  email: string | null;
  type: DbInt;
  status: string;
  member_access: boolean;
  betting_suspended: boolean;
  withdrawals_suspended: boolean;
  has_payment_password: boolean;
  two_factor: boolean;
  created_at: DbTime;
  register_ip: string | null;
  register_domain: string | null;
  first_login_at: DbTime | null;
  last_login_at: DbTime | null;
  last_login_ip: string | null;
  referral_code: string;
  referred_by_id: DbInt | null;
  rank_level: DbInt;
}

/** Sections are the newest `limit` rows with `total`, the count of all (a window over the same rows). */
type Counted<Row> = (Row & { total: DbInt })[];

/**
 * One statement: every part's hits (each capped), grouped per member (best rank first), counted, and
 * the page of them joined with the member.
 */
export function searchStatement(parts: SearchPart[], limit: number, offset: number): SQL {
  const hits = sql.join(
    parts.map(
      (part, index) =>
        sql`select member_id, ${part.field}::text as field, value::text as value, rank, ${index}::int as part
          from (${part.query}) as p${sql.raw(String(index))}`,
    ),
    sql` union all `,
  );
  return sql`with hits as (${hits}),
      grouped as (
        select member_id, min(rank) as best,
          array_agg(field order by rank, part) as fields,
          (array_agg(value order by rank, part))[1] as value
        from hits group by member_id
      ),
      counted as (
        select (select count(*) from grouped) as total,
          (select max(n) from (select count(*) as n from hits group by part) as per_part) as widest
      )
    select c.total, c.widest, page.* from counted c left join lateral (
      select g.member_id, g.fields, g.value, m.account, m.username, m.payee_name, m.mobile, m.email,
        m.status, m.type, m.created_at
      from grouped g join member m on m.id = g.member_id
      order by g.best, m.account
      limit ${limit} offset ${offset}
    ) as page on true`;
}

export const playersRepository = {
  search(db: Executor, parts: SearchPart[], limit: number, offset: number): Promise<SearchRow[]> {
    return db.transaction(async (tx) => {
      // A substring's row estimate is a guess: a typo ('%zzqq%') is guessed at thousands of rows, and the
      // sequential scan of a million members the guess picks costs half a second. Every part has its index.
      await tx.execute(sql`set local enable_seqscan = off`);
      return rowsOf<SearchRow>(tx, searchStatement(parts, limit, offset));
    });
  },

  /** Without a query: the newest members, counted up to `cap`. */
  newest(db: Executor, limit: number, offset: number, cap: number): Promise<SearchRow[]> {
    return rowsOf<SearchRow>(
      db,
      sql`select c.total, null as widest, page.* from
          (select count(*) as total from (select 1 from member limit ${cap}) as capped) c
        left join lateral (
          select id as member_id, null as fields, null as value, account, username, payee_name, mobile, email,
            status, type, created_at
          from member order by id desc limit ${limit} offset ${offset}
        ) as page on true`,
    );
  },

  async memberByAccount(db: Executor, account: string): Promise<MemberRow | null> {
    const [row] = await rowsOf<MemberRow>(
      db,
      sql`select id, account, username, nickname, payee_name, country_dialing_code, mobile, mobile_verified_at,
          email, type, status, member_access, betting_suspended, withdrawals_suspended,
          payment_password_hash is not null as has_payment_password,
          totp_secret is not null as two_factor, created_at, register_ip, register_domain, first_login_at,
          last_login_at, last_login_ip, referral_code, referred_by_id, rank_level
        from member where account = ${account}`,
    );
    return row ?? null;
  },

  async memberIdByAccount(db: Executor, account: string): Promise<bigint | null> {
    const [row] = await rowsOf<{ id: DbInt }>(db, sql`select id from member where account = ${account}`);
    return row ? big(row.id) : null;
  },

  async balances(db: Executor, memberId: bigint) {
    const accounts = await rowsOf<{ code: string; balance: DbInt }>(
      db,
      sql`select code, balance from ledger_account where member_id = ${memberId}`,
    );
    const subWallets = await rowsOf<{ vendor_code: string; balance: DbInt; refreshed_at: DbTime | null }>(
      db,
      sql`select vendor_code, balance, refreshed_at from vendor_wallet where member_id = ${memberId}
        order by vendor_code`,
    );
    return { accounts, subWallets };
  },

  statement(db: Executor, memberId: bigint, limit: number) {
    return rowsOf<{
      at: DbTime;
      kind: string;
      code: string;
      amount: DbInt;
      balance_after: DbInt | null;
      reference: string | null;
      memo: string | null;
      actor: string;
      total: DbInt;
    }>(
      db,
      sql`select e.created_at as at, t.kind, a.code, e.amount, e.balance_after, t.reference, t.memo, t.actor,
          (select count(*) from ledger_entry x join ledger_account xa on xa.id = x.account_id
            where xa.member_id = ${memberId}) as total
        from ledger_account a
        join lateral (select * from ledger_entry where account_id = a.id order by id desc limit ${limit}) e on true
        join ledger_transfer t on t.id = e.transfer_id
        where a.member_id = ${memberId}
        order by e.id desc limit ${limit}`,
    );
  },

  deposits(db: Executor, memberId: bigint, limit: number) {
    return rowsOf<{
      public_id: string;
      created_at: DbTime;
      channel: string;
      amount: DbInt;
      status: string;
      reference: string;
      decided_by: string | null;
      total: DbInt;
      credited: DbInt | null;
    }>(
      db,
      sql`with stats as (
          select count(*) as total, sum(amount) filter (where status = 'credited') as credited
          from deposit where member_id = ${memberId}
        )
        select d.public_id, d.created_at, c.name as channel, d.amount, d.status, d.reference, d.decided_by,
          s.total, s.credited
        from stats s left join lateral (
          select * from deposit where member_id = ${memberId} order by created_at desc, id desc limit ${limit}
        ) d on true
        left join payment_channel c on c.id = d.channel_id
        order by d.created_at desc, d.id desc`,
    );
  },

  withdrawals(db: Executor, memberId: bigint, limit: number) {
    return rowsOf<{
      public_id: string | null;
      created_at: DbTime;
      amount: DbInt;
      status: string;
      bank_name: string;
      account_number: string;
      decided_by: string | null;
      reason: string | null;
      total: DbInt;
      paid: DbInt | null;
    }>(
      db,
      sql`with stats as (
          select count(*) as total,
            sum(amount) filter (where status in ('paid', 'received', 'auto_received', 'not_received')) as paid
          from withdrawal where member_id = ${memberId}
        )
        select w.public_id, w.created_at, w.amount, w.status, b.bank_name, b.account_number, w.decided_by,
          w.reason, s.total, s.paid
        from stats s left join lateral (
          select * from withdrawal where member_id = ${memberId} order by created_at desc, id desc limit ${limit}
        ) w on true
        left join member_bank_account b on b.id = w.bank_account_id
        order by w.created_at desc, w.id desc`,
    );
  },

  bonuses(db: Executor, memberId: bigint, limit: number) {
    return rowsOf<{
      created_at: DbTime;
      source: string;
      amount: DbInt | null;
      reference: string | null;
      required: DbInt;
      forfeited: boolean;
      total: DbInt;
    }>(
      db,
      sql`select r.created_at, r.source, r.required, r.forfeited_at is not null as forfeited, t.reference,
          (select sum(e.amount) from ledger_entry e join ledger_account a on a.id = e.account_id
            where e.transfer_id = r.transfer_id and a.member_id = ${memberId} and e.amount > 0) as amount,
          count(*) over () as total
        from turnover_requirement r left join ledger_transfer t on t.id = r.transfer_id
        where r.member_id = ${memberId}
        order by r.created_at desc, r.id desc limit ${limit}`,
    );
  },

  /** Vendors' rounds (in-house games included) and lottery bets, newest first across both. */
  bets(db: Executor, memberId: bigint, limit: number) {
    return rowsOf<{
      source: 'seamless' | 'lottery';
      vendor: string;
      game: string;
      round_id: string;
      period: string | null;
      at: DbTime;
      stake: DbInt;
      win: DbInt;
      status: string;
      demo: boolean;
      total: DbInt;
    }>(
      db,
      sql`select b.*,
          (select count(*) from provider_round where member_id = ${memberId})
            + (select count(*) from lottery_bet where member_id = ${memberId}) as total
        from (
          (select 'seamless' as source, vendor_code as vendor, game_code as game, round_id, null::text as period,
              opened_at as at, bet_total as stake, win_total as win, status, ledger_currency = 'DEMO' as demo
            from provider_round where member_id = ${memberId} order by opened_at desc limit ${limit})
          union all
          (select 'lottery', 'LOTTERY', l.game_code, l.public_id, p.period_no, l.created_at, l.amount, l.win, l.status,
              false
            from lottery_bet l join lottery_period p on p.id = l.period_id
            where l.member_id = ${memberId} order by l.created_at desc limit ${limit})
        ) as b
        order by b.at desc limit ${limit}`,
    );
  },

  async loyalty(db: Executor, memberId: bigint): Promise<bigint> {
    const [row] = await rowsOf<{ balance: DbInt }>(
      db,
      sql`select balance from loyalty_points_account where member_id = ${memberId}`,
    );
    return big(row?.balance);
  },

  async agent(db: Executor, memberId: bigint) {
    const uplines = await rowsOf<{ account: string; username: string; type: DbInt }>(
      db,
      sql`select m.account, m.username, m.type from agent_tree t join member m on m.id = t.ancestor_id
        where t.descendant_id = ${memberId} and t.depth > 0 order by t.depth`,
    );
    const [counts] = await rowsOf<{ downlines: DbInt; team: DbInt }>(
      db,
      sql`select (select count(*) from member where upline_id = ${memberId}) as downlines,
          (select count(*) from agent_tree where ancestor_id = ${memberId} and depth > 0) as team`,
    );
    return { uplines, downlines: num(counts?.downlines), team: num(counts?.team) };
  },

  async referral(db: Executor, memberId: bigint, referredById: bigint | null) {
    const [referrer] =
      referredById === null
        ? []
        : await rowsOf<{ account: string; username: string; type: DbInt }>(
            db,
            sql`select account, username, type from member where id = ${referredById}`,
          );
    const [counts] = await rowsOf<{ friends: DbInt; paid: DbInt | null }>(
      db,
      sql`select (select count(*) from member where referred_by_id = ${memberId}) as friends,
          (select sum(amount) from referral_reward where referrer_id = ${memberId}) as paid`,
    );
    return { referrer: referrer ?? null, friends: num(counts?.friends), paid: big(counts?.paid) };
  },

  sessions(db: Executor, memberId: bigint, limit: number) {
    return rowsOf<{
      created_at: DbTime;
      last_seen_at: DbTime;
      expires_at: DbTime;
      ip: string | null;
      user_agent: string | null;
      device: string | null;
      revoked_at: DbTime | null;
      revoked_reason: string | null;
      total: DbInt;
    }>(
      db,
      sql`select created_at, last_seen_at, expires_at, ip, user_agent, ${deviceOf(sql`user_agent`)} as device,
          revoked_at, revoked_reason, count(*) over () as total
        from member_session where member_id = ${memberId}
        order by created_at desc, id desc limit ${limit}`,
    );
  },

  logins(db: Executor, memberId: bigint, limit: number) {
    return rowsOf<{ at: DbTime; event: string; ip: string | null; device: string | null; total: DbInt }>(
      db,
      sql`select at, event, ip, ${deviceOf(sql`user_agent`)} as device, count(*) over () as total
        from auth_audit where member_id = ${memberId}
        order by at desc, id desc limit ${limit}`,
    );
  },

  /**
   * Other members sharing a device, an address (a session's or the registration's), a bank account
   * number or a mobile number with this one, most shared values first. Each of the member's values
   * is looked up through its index, and each at most `perValue` times (a carrier's shared address).
   */
  linked(db: Executor, memberId: bigint, limit: number, perValue: number) {
    return rowsOf<{
      member_id: DbInt;
      account: string;
      username: string;
      status: string;
      via: string[] | string;
      value: string;
      total: DbInt;
    }>(
      db,
      sql`with mine as (
          select distinct 'device' as via, ${deviceOf(sql`user_agent`)} as v from member_session
            where member_id = ${memberId} and user_agent is not null
          union select 'ip', ip from member_session where member_id = ${memberId} and ip is not null
          union select 'ip', register_ip from member where id = ${memberId} and register_ip is not null
          union select 'bankAccount', account_number from member_bank_account where member_id = ${memberId}
          union select 'mobile', mobile from member where id = ${memberId} and mobile is not null
        ),
        shared as (
          select o.member_id, mine.via, mine.v from mine cross join lateral (
            select distinct s.member_id from member_session s
              where mine.via = 'device' and ${deviceOf(sql`s.user_agent`)} = mine.v and s.user_agent is not null
                and s.member_id <> ${memberId}
              limit ${perValue}
          ) o
          union select o.member_id, mine.via, mine.v from mine cross join lateral (
            select distinct s.member_id from member_session s
              where mine.via = 'ip' and s.ip = mine.v and s.member_id <> ${memberId} limit ${perValue}
          ) o
          union select o.id, mine.via, mine.v from mine cross join lateral (
            select m.id from member m where mine.via = 'ip' and m.register_ip = mine.v and m.id <> ${memberId}
              limit ${perValue}
          ) o
          union select o.member_id, mine.via, mine.v from mine cross join lateral (
            select b.member_id from member_bank_account b
              where mine.via = 'bankAccount' and b.account_number = mine.v and b.member_id <> ${memberId}
              limit ${perValue}
          ) o
          union select o.id, mine.via, mine.v from mine cross join lateral (
            select m.id from member m where mine.via = 'mobile' and m.mobile = mine.v and m.id <> ${memberId}
              limit ${perValue}
          ) o
        ),
        grouped as (
          select member_id, array_agg(distinct via) as via, min(v) as value, count(*) as weight
          from shared group by member_id
        )
      select g.member_id, m.account, m.username, m.status, g.via, g.value, count(*) over () as total
      from grouped g join member m on m.id = g.member_id
      order by g.weight desc, m.account limit ${limit}`,
    );
  },

  async notes(
    db: Executor,
    memberId: bigint,
    limit: number,
  ): Promise<Counted<typeof playerNote.$inferSelect>> {
    const rows = await rowsOf<{
      id: DbInt;
      public_id: string;
      member_id: DbInt;
      author: string;
      text: string;
      created_at: DbTime;
      total: DbInt;
    }>(
      db,
      sql`select id, public_id, member_id, author, text, created_at, count(*) over () as total
        from player_note where member_id = ${memberId} order by id desc limit ${limit}`,
    );
    return rows.map((row) => ({
      id: big(row.id),
      publicId: row.public_id,
      memberId: big(row.member_id),
      author: row.author,
      text: row.text,
      createdAt: instantOf(row.created_at),
      total: row.total,
    }));
  },

  async insertNote(
    db: Executor,
    row: typeof playerNote.$inferInsert,
  ): Promise<typeof playerNote.$inferSelect> {
    const [inserted] = await db.insert(playerNote).values(row).returning();
    if (!inserted) throw new Error('player_note: insert returned no row');
    return inserted;
  },
};
