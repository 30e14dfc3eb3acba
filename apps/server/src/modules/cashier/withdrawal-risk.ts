import { formatMoney, type WithdrawalRiskFlag } from '@platform/contract';
import { and, asc, desc, eq, inArray, isNotNull, lt, ne } from 'drizzle-orm';
import { authAudit } from '../../db/schema.js';
import type { Executor } from '../../db/database.js';
import type { CountryLookup } from '../../lib/deps.js';
import type { MemberService } from '../member/index.js';
import type { TurnoverService } from '../wallet/index.js';
import { memberBankAccount, withdrawal } from './cashier.schema.js';
import type { WithdrawalWithAccount } from './withdrawal.repository.js';

/** A bank account added this close before the request is flagged. */
export const NEW_BANK_ACCOUNT_HOURS = 24;
/** An amount above this many times the member's median paid withdrawal is flagged. */
export const USUAL_AMOUNT_MULTIPLE = 3n;
/** Withdrawals whose money left: the member's history of paid withdrawals. */
const PAID_STATUSES = ['paid', 'received', 'not_received', 'auto_received'];
const LINKED_MAX = 20;
const HOUR = 3_600_000;

export interface RiskSources {
  turnover: Pick<TurnoverService, 'status'>;
  members: Pick<MemberService, 'summariesOf'>;
  countryLookup: CountryLookup;
}

/** The median of sorted amounts (the lower middle's and upper middle's mean, rounded down). */
export function median(sorted: readonly bigint[]): bigint | null {
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  const upper = sorted[mid] ?? 0n;
  return sorted.length % 2 === 1 ? upper : ((sorted[mid - 1] ?? 0n) + upper) / 2n;
}

/**
 * The risk flags of one withdrawal, computed when staff read it (issue 27, "Withdrawals waiting"): each
 * with the numbers behind it. Only the member's own history before the withdrawal counts, so a decided
 * withdrawal shows what its reviewer saw (turnover and addresses are read as they are now).
 */
export async function withdrawalRiskFlags(
  db: Executor,
  sources: RiskSources,
  found: WithdrawalWithAccount,
): Promise<WithdrawalRiskFlag[]> {
  const row = found.withdrawal;
  const flags: WithdrawalRiskFlag[] = [];

  const turnover = await sources.turnover.status(db, row.memberId);
  if (turnover.remaining > 0n) {
    flags.push({
      code: 'TURNOVER_NOT_MET',
      detail: {
        required: formatMoney(turnover.required),
        wagered: formatMoney(turnover.wagered),
        remaining: formatMoney(turnover.remaining),
      },
    });
  }

  const sinceAdded = row.createdAt.getTime() - found.bankAccount.createdAt.getTime();
  if (sinceAdded < NEW_BANK_ACCOUNT_HOURS * HOUR) {
    flags.push({
      code: 'NEW_BANK_ACCOUNT',
      detail: {
        addedAt: found.bankAccount.createdAt.toISOString(),
        hoursBeforeRequest: Math.max(0, Math.floor(sinceAdded / HOUR)),
      },
    });
  }

  const previous = await db
    .select({ amount: withdrawal.amount })
    .from(withdrawal)
    .where(
      and(
        eq(withdrawal.memberId, row.memberId),
        // Asked before this one (ids grow with each request; times can tie).
        lt(withdrawal.id, row.id),
        inArray(withdrawal.status, PAID_STATUSES),
      ),
    )
    .orderBy(asc(withdrawal.amount));
  const amounts = previous.map((p) => p.amount);
  const usual = median(amounts);
  if (usual === null) {
    flags.push({ code: 'FIRST_WITHDRAWAL', detail: { previousPaid: 0 } });
  } else if (row.amount > usual * USUAL_AMOUNT_MULTIPLE) {
    flags.push({
      code: 'AMOUNT_ABOVE_USUAL',
      detail: {
        amount: formatMoney(row.amount),
        median: formatMoney(usual),
        multiple: Number(USUAL_AMOUNT_MULTIPLE),
        previousPaid: amounts.length,
      },
    });
  }

  // Addresses from the members' security log (auth_audit): the registration's, the latest login's.
  const addressOf = async (event: 'register' | 'login', newest: boolean): Promise<string | null> => {
    const [found] = await db
      .select({ ip: authAudit.ip })
      .from(authAudit)
      .where(and(eq(authAudit.memberId, row.memberId), eq(authAudit.event, event), isNotNull(authAudit.ip)))
      .orderBy(
        newest ? desc(authAudit.at) : asc(authAudit.at),
        newest ? desc(authAudit.id) : asc(authAudit.id),
      )
      .limit(1);
    return found?.ip ?? null;
  };
  const registerIp = await addressOf('register', false);
  const loginIp = await addressOf('login', true);

  const byBankAccountIds = await db
    .selectDistinct({ memberId: memberBankAccount.memberId })
    .from(memberBankAccount)
    .where(
      and(
        eq(memberBankAccount.accountNumber, found.bankAccount.accountNumber),
        ne(memberBankAccount.memberId, row.memberId),
      ),
    )
    .limit(LINKED_MAX);
  /** Other members who registered or logged in from this address. */
  const sharing = async (ip: string | null): Promise<bigint[]> => {
    if (!ip) return [];
    const rows = await db
      .selectDistinct({ memberId: authAudit.memberId })
      .from(authAudit)
      .where(
        and(
          eq(authAudit.ip, ip),
          inArray(authAudit.event, ['register', 'login']),
          isNotNull(authAudit.memberId),
          ne(authAudit.memberId, row.memberId),
        ),
      )
      .limit(LINKED_MAX);
    return rows.flatMap((r) => (r.memberId === null ? [] : [r.memberId]));
  };
  const byRegisterIpIds = await sharing(registerIp);
  const byLoginIpIds = loginIp === registerIp ? [] : await sharing(loginIp);
  const bankIds = byBankAccountIds.map((r) => r.memberId);
  const accounts = await sources.members.summariesOf(db, [...bankIds, ...byRegisterIpIds, ...byLoginIpIds]);
  const accountsOf = (ids: bigint[]) =>
    ids
      .flatMap((id) => {
        const who = accounts.get(id);
        return who ? [who.account] : [];
      })
      .sort();
  const byBankAccount = accountsOf(bankIds);
  const byRegisterIp = accountsOf(byRegisterIpIds);
  const byLoginIp = accountsOf(byLoginIpIds);
  const linked = new Set([...byBankAccount, ...byRegisterIp, ...byLoginIp]);
  if (linked.size > 0) {
    flags.push({
      code: 'LINKED_ACCOUNTS',
      detail: { count: linked.size, byBankAccount, byRegisterIp, byLoginIp },
    });
  }

  const registrationCountry = registerIp ? sources.countryLookup.country(registerIp) : null;
  const loginCountry = loginIp ? sources.countryLookup.country(loginIp) : null;
  if (registrationCountry && loginCountry && registrationCountry !== loginCountry) {
    flags.push({ code: 'COUNTRY_MISMATCH', detail: { registrationCountry, loginCountry } });
  }
  return flags;
}
