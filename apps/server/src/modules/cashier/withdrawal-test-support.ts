import { formatMoney, parseMoney, type BankAccount, type Withdrawal } from '@platform/contract';
import { eq } from 'drizzle-orm';
import { member } from '../../db/schema.js';
import type { TestApp } from '../../test/harness.js';
import { createAdmin, createMember, fundWallet, type TestMember } from '../../test/factories.js';
import { accountCodes } from '../wallet/index.js';

/** Shared by the withdrawal, bank-account and payment-password tests: a member ready to withdraw. */

export const PAYMENT_PASSWORD = '482913';
export const REAL_NAME = 'Rahim Uddin';

/** Real money from the house, as an operator's adjustment would give it. */
export async function fund(t: TestApp, who: TestMember, amount: string): Promise<void> {
  await fundWallet(t, who, amount);
}

export async function balances(t: TestApp, who: TestMember): Promise<{ main: string; held: string }> {
  const db = t.handle.db;
  return {
    main: formatMoney(await t.services.ledger.balanceOf(db, accountCodes.memberMain(who.row.id))),
    held: formatMoney(await t.services.ledger.balanceOf(db, accountCodes.memberHeld(who.row.id))),
  };
}

/** The payment password written straight to the row, so request tests do not go through the set call. */
export async function givePaymentPassword(t: TestApp, who: TestMember, password = PAYMENT_PASSWORD) {
  const hash = await t.services.passwords.hash(password);
  await t.handle.db.update(member).set({ paymentPasswordHash: hash }).where(eq(member.id, who.row.id));
}

export async function bindAccount(
  t: TestApp,
  who: TestMember,
  fields: Partial<{ bankName: string; accountName: string; accountNumber: string }> = {},
): Promise<BankAccount> {
  const response = await t.call<BankAccount>({
    method: 'POST',
    url: '/wps/cashier/bank-accounts',
    headers: who.auth,
    payload: { bankName: 'Sonali Bank', accountName: REAL_NAME, accountNumber: '1234567890', ...fields },
  });
  if (!response.body.success) throw new Error(`bind failed: ${JSON.stringify(response.body)}`);
  return response.body.value;
}

/** A member with a real name, a payment password, a bound account and `money` on the main wallet. */
export async function readyMember(
  t: TestApp,
  money = '1000.00',
): Promise<{ who: TestMember; account: BankAccount }> {
  const who = await createMember(t, { payeeName: REAL_NAME });
  await givePaymentPassword(t, who);
  const account = await bindAccount(t, who);
  if (parseMoney(money) > 0n) await fund(t, who, money);
  return { who, account };
}

let requests = 0;
export const newRequestId = (): string => {
  requests += 1;
  return `req-test-${requests.toString().padStart(4, '0')}`;
};

export function requestWithdrawal(
  t: TestApp,
  who: TestMember,
  body: Partial<{
    bankAccountId: string;
    amount: string | number;
    paymentPassword: string;
    requestId: string;
  }>,
) {
  return t.call<Withdrawal>({
    method: 'POST',
    url: '/wps/cashier/withdrawals',
    headers: who.auth,
    payload: { paymentPassword: PAYMENT_PASSWORD, requestId: newRequestId(), ...body },
  });
}

/** A staff member of the given role, logged in; returns the header to send. */
export async function adminHeader(
  t: TestApp,
  role: 'owner' | 'finance' | 'support' = 'finance',
): Promise<Record<string, string>> {
  return (await createAdmin(t, role)).headers;
}
