import {
  bindBankAccountBodySchema,
  createDepositBodySchema,
  createWithdrawalBodySchema,
  formatMoney,
  parseMoney,
  setPaymentPasswordBodySchema,
} from '@platform/contract';
import { z } from 'zod';
import type { SchemaMessages } from '@/lib/form-resolver';
import { checkAmount, normaliseAmount, type AmountLimits } from '../lib/amount';

/**
 * The cashier forms' schemas: the contract's request schemas, plus what only the form knows (the
 * channel's limits, the confirmation field). Messages are i18n keys. This module (and zod with it)
 * loads only with the cashier pages, never in the first load.
 */

/**
 * An amount as typed (Bengali digits, separators), checked against the limits with the first problem's
 * message, then sent in the server's canonical form, which the contract's schema checks again.
 */
const amountField = (limits: AmountLimits | null) => {
  if (!limits) return z.string();
  return z
    .string()
    .superRefine((raw, context) => {
      const problem = checkAmount(raw, limits);
      if (problem) context.addIssue({ code: 'custom', message: `amount.errors.${problem}` });
    })
    .transform((raw) => formatMoney(parseMoney(normaliseAmount(raw))))
    .pipe(createDepositBodySchema.shape.amount);
};

/** Deposit: a channel, and an amount within its limits (no channel chosen yet: no amount check). */
export const depositFormSchema = (limits: AmountLimits | null) =>
  z.object({ channelId: createDepositBodySchema.shape.channelId, amount: amountField(limits) });
export type DepositFormValues = z.input<ReturnType<typeof depositFormSchema>>;
export const depositFormMessages: SchemaMessages<DepositFormValues> = {
  channelId: { default: 'deposit.chooseChannel' },
};

/** Withdraw: a bound account, an amount within the limits and the withdrawable, the payment password. */
export const withdrawFormSchema = (limits: AmountLimits) =>
  z.object({
    bankAccountId: createWithdrawalBodySchema.shape.bankAccountId,
    amount: amountField(limits),
    paymentPassword: createWithdrawalBodySchema.shape.paymentPassword.min(1),
  });
export type WithdrawFormValues = z.input<ReturnType<typeof withdrawFormSchema>>;
export const withdrawFormMessages: SchemaMessages<WithdrawFormValues> = {
  bankAccountId: { default: 'withdraw.errors.chooseAccount' },
  paymentPassword: { default: 'withdraw.errors.passwordRequired' },
};

const NAME_LENGTH = { min: 2, max: 64 };

/** Bank account: the contract's rules; spaces typed inside the account number are dropped first. */
export const bankFormSchema = bindBankAccountBodySchema.extend({
  accountNumber: z
    .string()
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(bindBankAccountBodySchema.shape.accountNumber),
});
export type BankFormValues = z.input<typeof bindBankAccountBodySchema>;
export const bankFormMessages: SchemaMessages<BankFormValues> = {
  bankName: { default: { key: 'bank.errors.length', params: NAME_LENGTH } },
  accountName: { default: { key: 'bank.errors.length', params: NAME_LENGTH } },
  accountNumber: { default: 'bank.errors.accountNumber' },
};

/** Payment password: the login password proves it is the member; the server holds the password rule. */
export const paymentPasswordFormSchema = setPaymentPasswordBodySchema
  .extend({
    loginPassword: setPaymentPasswordBodySchema.shape.loginPassword.min(1),
    newPaymentPassword: setPaymentPasswordBodySchema.shape.newPaymentPassword.min(1),
  })
  .refine((values) => values.confirmPaymentPassword === values.newPaymentPassword, {
    path: ['confirmPaymentPassword'],
    message: 'paymentPassword.errors.mismatch',
    // Shown together with the other fields' errors, not only once they pass.
    when: () => true,
  });
export type PaymentPasswordFormValues = z.input<typeof setPaymentPasswordBodySchema>;
export const paymentPasswordFormMessages: SchemaMessages<PaymentPasswordFormValues> = {
  loginPassword: { default: 'paymentPassword.errors.required' },
  newPaymentPassword: { default: 'paymentPassword.errors.required' },
};
