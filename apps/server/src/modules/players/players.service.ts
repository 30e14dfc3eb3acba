import { isIP } from 'node:net';
import {
  deviceIdPattern,
  formatMoney,
  PLAYER_SEARCH_COUNT_CAP,
  type Player360,
  type PlayerMatchField,
  type PlayerNote,
  type PlayerSearch,
  type PlayerSearchItem,
  playerMatchFields,
} from '@platform/contract';
import type { Database } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { CountryLookup } from '../../lib/deps.js';
import { notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Rng } from '../../lib/rng.js';
import { actorName, type Actor, type AuditService } from '../audit/index.js';
import type { MessageService } from '../messaging/index.js';
import { normalizeIp } from '../system/index.js';
import type { TurnoverService } from '../wallet/index.js';
import {
  big,
  instantOf,
  playersRepository,
  searchParts,
  type DbInt,
  type DbTime,
  type SearchPart,
} from './players.repository.js';

/** Rows of each 360 section; the section's total says how many there are in all. */
export const PLAYER_SECTION_LIMIT = 20;
/** Members looked up per shared value when finding linked accounts (a carrier's address is shared by many). */
const LINKED_PER_VALUE = 50;

export interface PlayersServices {
  db: Database;
  clock: Clock;
  rng: Rng;
  countryLookup: CountryLookup;
  audit: AuditService;
  turnover: Pick<TurnoverService, 'status'>;
  tags: Pick<MessageService, 'tagsOf' | 'changeTag'>;
}

const iso = (value: DbTime): string => instantOf(value).toISOString();
const isoOrNull = (value: DbTime | null | undefined): string | null => (value ? iso(value) : null);
const money = (value: DbInt | null | undefined): string => formatMoney(big(value));
const totalOf = (rows: { total: DbInt }[]): number => Number(rows[0]?.total ?? 0);
const arrayOf = (value: string[] | string | null): string[] =>
  value === null
    ? []
    : Array.isArray(value)
      ? value
      : value
          .replace(/^\{|\}$/g, '')
          .split(',')
          .filter(Boolean);

/** Which parts a query runs: each identifier is searched only when the query could be one. */
export function searchPlan(q: string, cap: number): SearchPart[] {
  const parts: SearchPart[] = [];
  const lower = q.toLowerCase();
  const ip = isIP(q) ? normalizeIp(q) : null;
  if (ip) return searchParts.ip(ip, cap);
  const compact = q.replace(/[\s\-().]/g, '');
  if (/^\+?\d+$/.test(compact)) {
    const digits = compact.replace(/^\+/, '');
    parts.push(searchParts.account(digits, cap));
    // Mobiles are kept without the country's code and leading zeros (verification's normalizeMobile);
    // typed in international form, the code (1 to 3 digits) is tried off as well.
    const local = digits.replace(/^0+/, '');
    const mobiles = new Set(local.length >= 3 ? [local] : []);
    if (compact.startsWith('+')) {
      for (const cut of [1, 2, 3]) if (local.length - cut >= 6) mobiles.add(local.slice(cut));
    }
    for (const mobile of mobiles) parts.push(searchParts.mobile(mobile, cap));
  }
  if (/^[A-Za-z0-9]{3,}$/.test(compact)) parts.push(searchParts.bankAccount(compact, cap));
  if (deviceIdPattern.test(lower)) {
    // A device id: the device, or a username that begins so; nothing else looks like one.
    return [
      ...parts,
      searchParts.device(lower, cap),
      searchParts.text('username', 'username', lower, cap, true),
    ];
  }
  if (/\s/.test(q)) {
    // Words with spaces: a real name.
    if (/\p{L}/u.test(q)) parts.push(searchParts.text('realName', 'payee_name', lower, cap));
    return parts;
  }
  if (/^[^@]+@/.test(q)) {
    // An email from its beginning (its domain's letters are in every address, so never within).
    parts.push(searchParts.text('email', 'email', lower, cap, true));
    return parts;
  }
  // Digits alone are an account, a mobile or a bank account: a username only by its beginning.
  parts.push(searchParts.text('username', 'username', lower, cap, /^\d+$/.test(q)));
  if (/\p{L}/u.test(q)) {
    // Within an email only when the query looks like a piece of one (an @ or a dot); its beginning otherwise.
    parts.push(searchParts.text('email', 'email', lower, cap, !/[@.]/.test(q)));
    // A name has no digits.
    if (!/\d/.test(q) && !q.includes('@')) parts.push(searchParts.text('realName', 'payee_name', lower, cap));
  }
  return parts;
}

/**
 * The back office's Players section (issue 27): search by any identifier, the player 360, staff
 * notes (this module's table) and tags (the messaging module's), each change audited.
 */
export class PlayersService {
  constructor(private readonly s: PlayersServices) {}

  /** A search by `q`, or without it the newest members; counted up to PLAYER_SEARCH_COUNT_CAP. */
  async search(query: { q?: string | undefined; page: number; pageSize: number }): Promise<PlayerSearch> {
    const cap = PLAYER_SEARCH_COUNT_CAP + 1;
    const offset = (query.page - 1) * query.pageSize;
    const rows =
      query.q === undefined
        ? await playersRepository.newest(this.s.db, query.pageSize, offset, cap)
        : await playersRepository.search(this.s.db, searchPlan(query.q, cap), query.pageSize, offset);
    const counted = Number(rows[0]?.total ?? 0);
    const total = Math.min(counted, PLAYER_SEARCH_COUNT_CAP);
    const totalCapped = Math.max(counted, Number(rows[0]?.widest ?? 0)) > PLAYER_SEARCH_COUNT_CAP;
    const items: PlayerSearchItem[] = [];
    for (const row of rows) {
      if (row.member_id === null || row.account === null || row.username === null) continue;
      const fields = [...new Set(arrayOf(row.fields))].filter((field): field is PlayerMatchField =>
        (playerMatchFields as readonly string[]).includes(field),
      );
      items.push({
        account: row.account,
        username: row.username,
        realName: row.payee_name,
        mobile: row.mobile,
        email: row.email,
        status: row.status ?? 'active',
        type: Number(row.type ?? 0),
        createdAt: row.created_at ? iso(row.created_at) : '',
        matchedOn: fields,
        matchedValue: row.value,
      });
    }
    return {
      items,
      page: query.page,
      pageSize: query.pageSize,
      total,
      totalCapped,
      totalPages: Math.ceil(total / query.pageSize),
    };
  }

  async player(account: string): Promise<Player360> {
    const { db } = this.s;
    const row = await playersRepository.memberByAccount(db, account);
    if (!row) throw notFound('member');
    const id = big(row.id);
    const limit = PLAYER_SECTION_LIMIT;
    // Each section is one index read; on PostgreSQL they run side by side on the pool's connections (15
    // round trips one after another were most of the answer's time), the embedded database queues them.
    const referredBy = row.referred_by_id === null ? null : big(row.referred_by_id);
    const [
      balances,
      statement,
      deposits,
      withdrawals,
      bonuses,
      turnover,
      bets,
      points,
      agent,
      referral,
      sessions,
      logins,
      linked,
      notes,
      { tags },
    ] = await Promise.all([
      playersRepository.balances(db, id),
      playersRepository.statement(db, id, limit),
      playersRepository.deposits(db, id, limit),
      playersRepository.withdrawals(db, id, limit),
      playersRepository.bonuses(db, id, limit),
      this.s.turnover.status(db, id),
      playersRepository.bets(db, id, limit),
      playersRepository.loyalty(db, id),
      playersRepository.agent(db, id),
      playersRepository.referral(db, id, referredBy),
      playersRepository.sessions(db, id, limit),
      playersRepository.logins(db, id, limit),
      playersRepository.linked(db, id, limit, LINKED_PER_VALUE),
      playersRepository.notes(db, id, limit),
      this.s.tags.tagsOf(account),
    ]);

    const now = this.s.clock.now();
    const balanceOf = (wallet: string): string =>
      money(balances.accounts.find((each) => each.code === `member:${id}:${wallet}`)?.balance);
    const walletOf = (code: string): string => code.split(':').at(-1) ?? code;
    const ref = (member: { account: string; username: string; type: DbInt }) => ({
      account: member.account,
      username: member.username,
      type: Number(member.type),
    });
    const presentDeposits = deposits.filter((each) => each.public_id !== null);
    const presentWithdrawals = withdrawals.filter((each) => each.public_id !== null);
    return {
      profile: {
        account: row.account,
        username: row.username,
        nickname: row.nickname,
        realName: row.payee_name,
        countryDialingCode: row.country_dialing_code,
        mobile: row.mobile,
        mobileVerified: row.mobile_verified_at !== null,
        email: row.email,
        type: Number(row.type),
        status: row.status,
        loginAllowed: row.member_access,
        locked: row.status === 'locked',
        bettingSuspended: row.betting_suspended,
        withdrawalsSuspended: row.withdrawals_suspended,
        hasPaymentPassword: row.has_payment_password,
        twoFactor: row.two_factor,
        createdAt: iso(row.created_at),
        registerIp: row.register_ip,
        registerCountry: this.country(row.register_ip),
        registerDomain: row.register_domain,
        firstLoginAt: isoOrNull(row.first_login_at),
        lastLoginAt: isoOrNull(row.last_login_at),
        lastLoginIp: row.last_login_ip,
      },
      balances: {
        main: balanceOf('main'),
        bonus: balanceOf('bonus'),
        held: balanceOf('held'),
        demo: balanceOf('demo'),
        subWallets: balances.subWallets.map((wallet) => ({
          vendor: wallet.vendor_code,
          balance: money(wallet.balance),
          refreshedAt: isoOrNull(wallet.refreshed_at),
        })),
      },
      statement: {
        items: statement.map((line) => ({
          at: iso(line.at),
          kind: line.kind,
          wallet: walletOf(line.code),
          amount: money(line.amount),
          balanceAfter: line.balance_after === null ? null : money(line.balance_after),
          reference: line.reference,
          memo: line.memo,
          actor: line.actor,
        })),
        total: totalOf(statement),
      },
      deposits: {
        items: presentDeposits.map((each) => ({
          id: each.public_id,
          at: iso(each.created_at),
          channel: each.channel,
          amount: money(each.amount),
          status: each.status,
          reference: each.reference,
          decidedBy: each.decided_by,
        })),
        total: totalOf(deposits),
        creditedTotal: money(deposits[0]?.credited),
      },
      withdrawals: {
        items: presentWithdrawals.map((each) => ({
          id: each.public_id ?? '',
          at: iso(each.created_at),
          amount: money(each.amount),
          status: each.status,
          bankName: each.bank_name,
          accountNumber: each.account_number,
          decidedBy: each.decided_by,
          reason: each.reason,
        })),
        total: totalOf(withdrawals),
        paidTotal: money(withdrawals[0]?.paid),
      },
      bonuses: {
        items: bonuses.map((each) => ({
          at: iso(each.created_at),
          source: each.source,
          amount: each.amount === null ? null : money(each.amount),
          reference: each.reference,
          required: money(each.required),
          forfeited: each.forfeited,
        })),
        total: totalOf(bonuses),
        requiredTotal: formatMoney(turnover.remaining),
      },
      bets: {
        items: bets.map((bet) => ({
          source: bet.source,
          vendor: bet.vendor,
          game: bet.game,
          roundId: bet.round_id,
          period: bet.period,
          at: iso(bet.at),
          stake: money(bet.stake),
          win: money(bet.win),
          status: bet.status,
          demo: bet.demo,
        })),
        total: totalOf(bets),
      },
      loyalty: { points: points.toString(), rankLevel: Number(row.rank_level) },
      agent: { uplines: agent.uplines.map(ref), downlines: agent.downlines, team: agent.team },
      referral: {
        code: row.referral_code,
        referredBy: referral.referrer ? ref(referral.referrer) : null,
        friends: referral.friends,
        rewardsPaid: formatMoney(referral.paid),
      },
      sessions: {
        items: sessions.map((session) => ({
          at: iso(session.created_at),
          lastSeenAt: iso(session.last_seen_at),
          ip: session.ip,
          country: this.country(session.ip),
          device: session.device,
          userAgent: session.user_agent,
          state: session.revoked_at === null && instantOf(session.expires_at) > now ? 'live' : 'ended',
          endedReason: session.revoked_reason,
        })),
        total: totalOf(sessions),
      },
      logins: {
        items: logins.map((login) => ({
          at: iso(login.at),
          event: login.event,
          ip: login.ip,
          country: this.country(login.ip),
          device: login.device,
        })),
        total: totalOf(logins),
      },
      linked: {
        items: linked.map((link) => ({
          account: link.account,
          username: link.username,
          status: link.status,
          via: arrayOf(link.via) as ['device' | 'ip' | 'bankAccount' | 'mobile'],
          value: link.value,
        })),
        total: totalOf(linked),
      },
      notes: { items: notes.map(presentNote), total: totalOf(notes) },
      tags,
    };
  }

  async addNote(account: string, text: string, by: Actor, ip: string | null): Promise<PlayerNote> {
    const memberId = await playersRepository.memberIdByAccount(this.s.db, account);
    if (memberId === null) throw notFound('member');
    const note = await this.s.db.transaction(async (tx) => {
      const inserted = await playersRepository.insertNote(tx, {
        publicId: newId(this.s.rng, 'note'),
        memberId,
        author: actorName(by),
        text,
        createdAt: this.s.clock.now(),
      });
      await this.s.audit.record(
        by,
        'players note',
        { member: account },
        { note: inserted.publicId },
        { tx, after: { text }, ...(ip ? { ip } : {}) },
      );
      return inserted;
    });
    return presentNote(note);
  }

  changeTag(
    account: string,
    tag: string,
    change: 'add' | 'remove',
    by: Actor,
    options: { reason?: string | undefined; ip?: string | null },
  ): Promise<{ tags: string[] }> {
    return this.s.tags.changeTag(account, tag, change, by, options);
  }

  private country(ip: string | null): string | null {
    return ip ? this.s.countryLookup.country(ip) : null;
  }
}

function presentNote(note: { publicId: string; createdAt: Date; author: string; text: string }): PlayerNote {
  return { id: note.publicId, at: note.createdAt.toISOString(), author: note.author, text: note.text };
}
