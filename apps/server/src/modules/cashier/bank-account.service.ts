import type { BankAccount, bindBankAccountBodySchema } from '@platform/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/database.js';
import { AppError, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { AppDeps } from '../../lib/deps.js';
import type { MemberService } from '../member/index.js';
import type { SettingsService } from '../system/index.js';
import type { AuthenticatedMember } from '../auth/index.js';
import { bankAccountRepository, type BankAccountRow } from './bank-account.repository.js';

type BindBody = z.infer<typeof bindBankAccountBodySchema>;

export interface BankAccountServices {
  deps: AppDeps;
  settings: SettingsService;
  /** the member's real name lives on the member's row */
  members: Pick<MemberService, 'payeeOf' | 'setPayeeNameIfEmpty'>;
}

/** More would only make it easier to spread stolen money over many accounts. */
export const MAX_BANK_ACCOUNTS = 5;

/** Spaces collapsed, ends trimmed: what is stored and shown. */
export const tidyName = (name: string): string => name.trim().replace(/\s+/gu, ' ');

/**
 * Names as people type them differ in case, spacing and Unicode composition (Bengali can be typed
 * both ways); none of that makes it another person.
 */
export const sameName = (a: string, b: string): boolean =>
  tidyName(a).normalize('NFC').toLowerCase() === tidyName(b).normalize('NFC').toLowerCase();

/** Only the last 4 digits: enough for the member to tell accounts apart, too little to misuse. */
export const maskAccountNumber = (accountNumber: string): string => `****${accountNumber.slice(-4)}`;

export const toBankAccount = (row: BankAccountRow): BankAccount => ({
  id: row.publicId,
  bankName: row.bankName,
  accountName: row.accountName,
  accountNumber: maskAccountNumber(row.accountNumber),
  createdAt: row.createdAt.toISOString(),
});

const payeeMismatch = () =>
  new AppError('PAYEE_NAME_MISMATCH', 'the account name is not the registered real name', [
    { path: 'accountName', message: 'errors.PAYEE_NAME_MISMATCH' },
  ]);

/**
 * The bank accounts a member withdraws to. When the operator requires it
 * (`cashier.requireRealNameMatch`), every account must be in the member's registered real name, so a
 * stolen session cannot send the money to someone else. A member who has no real name yet gets the
 * first bound account's name as their real name (only while the rule is on: with the rule off nothing
 * was checked, and an unchecked name must not become the one later accounts are held to).
 */
export class BankAccountService {
  constructor(private readonly services: BankAccountServices) {}

  async list(member: AuthenticatedMember): Promise<BankAccount[]> {
    const rows = await bankAccountRepository.listForMember(this.services.deps.db, member.id);
    return rows.map(toBankAccount);
  }

  async bind(member: AuthenticatedMember, body: BindBody): Promise<BankAccount> {
    const requireMatch = await this.services.settings.get('cashier.requireRealNameMatch');
    const bankName = tidyName(body.bankName);
    const accountName = tidyName(body.accountName);
    const accountNumber = body.accountNumber.trim();
    const { db, clock, rng } = this.services.deps;

    const row = await db.transaction(async (tx) => {
      const owner = await this.services.members.payeeOf(tx, member.id, true);
      if (!owner) throw notFound('member');
      if (requireMatch) await this.matchRealName(tx, owner.id, owner.payeeName, accountName);
      if (await bankAccountRepository.exists(tx, member.id, bankName, accountNumber)) throw duplicate();
      if ((await bankAccountRepository.countForMember(tx, member.id)) >= MAX_BANK_ACCOUNTS) {
        throw new AppError('CONFLICT', 'too many bank accounts', undefined, { max: MAX_BANK_ACCOUNTS });
      }
      const inserted = await bankAccountRepository.insert(tx, {
        publicId: newId(rng, 'bnk'),
        memberId: member.id,
        bankName,
        accountName,
        accountNumber,
        createdAt: clock.now(),
      });
      if (!inserted) throw duplicate();
      return inserted;
    });
    return toBankAccount(row);
  }

  private async matchRealName(
    tx: Executor,
    memberId: bigint,
    realName: string | null,
    accountName: string,
  ): Promise<void> {
    if (realName !== null && tidyName(realName) !== '') {
      if (!sameName(realName, accountName)) throw payeeMismatch();
      return;
    }
    // The member row is locked, so nobody else can set the name between this read and the write.
    await this.services.members.setPayeeNameIfEmpty(tx, memberId, accountName);
  }
}

const duplicate = () =>
  new AppError('CONFLICT', 'this bank account is already bound', [
    { path: 'accountNumber', message: 'errors.CONFLICT' },
  ]);
