import type { BankAccount, WithdrawInfo } from '@platform/contract/client';
import { useId, useRef, useState } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, ErrorState, Field, Spinner, Tabs } from '@/components';
import { useRequireRealAccount, useSession } from '@/features/auth';
import { useMoneyFormat } from '@/features/system';
import { ApiError } from '@/lib/api-client';
import { useErrorText, useFieldErrorText } from '@/lib/error-text';
import { schemaResolver } from '@/lib/form-resolver';
import { useCreateWithdrawal } from '../api/create-withdrawal';
import { useWithdrawInfo } from '../api/get-withdraw-info';
import { AmountField } from '../components/amount-field';
import { BindBankForm } from '../forms/bind-bank-form';
import { ConfirmDialog } from '../components/confirm-dialog';
import { PaymentPasswordForm } from '../forms/payment-password-form';
import { withdrawFormMessages, withdrawFormSchema, type WithdrawFormValues } from '../forms/schemas';
import { RealAccountNotice } from '../components/real-account-notice';
import { TurnoverProgress } from '../components/turnover-progress';
import { WithdrawalRecords } from '../components/withdrawal-records';
import { isPositiveMoney } from '../lib/amount';
import { detailAmount, detailKeys, isDefiniteRefusal } from '../lib/errors';
import { AttemptIds } from '../lib/request-id';
import type { WalletPageProps } from '../lib/types';
import '../components/wallet.css';

type Tab = 'new' | 'records';

/** Withdraw: limits, turnover, bank account and payment password, a confirmed request, and the records. */
export function WithdrawPage(_props: WalletPageProps) {
  const { t } = useTranslation('wallet');
  const session = useSession();
  const [tab, setTab] = useState<Tab>('new');
  const prefix = useId();
  if (session.isTrial) return <RealAccountNotice />;
  return (
    <div className="wallet-page">
      <Tabs
        idPrefix={prefix}
        label={t('withdraw.tabs')}
        tabs={[
          { id: 'new', label: t('withdraw.tabNew') },
          { id: 'records', label: t('withdraw.tabRecords') },
        ]}
        activeId={tab}
        onChange={(id) => setTab(id as Tab)}
      />
      {/* Both panels stay mounted: switching tabs never loses what the member typed. */}
      <div role="tabpanel" aria-labelledby={`${prefix}-tab-new`} hidden={tab !== 'new'}>
        <WithdrawFlow onShowRecords={() => setTab('records')} />
      </div>
      <div role="tabpanel" aria-labelledby={`${prefix}-tab-records`} hidden={tab !== 'records'}>
        {tab === 'records' ? <WithdrawalRecords /> : null}
      </div>
    </div>
  );
}

function WithdrawFlow({ onShowRecords }: { onShowRecords(): void }) {
  const { t } = useTranslation('wallet');
  const money = useMoneyFormat();
  const errorText = useErrorText('wallet', 'errors.generic');
  const info = useWithdrawInfo();
  const [passwordMode, setPasswordMode] = useState<'change' | null>(null);

  if (info.isError) return <ErrorState message={errorText(info.error)} onRetry={() => void info.refetch()} />;
  if (!info.data) return <Spinner label={t('loading')} />;
  const data = info.data;
  const turnoverBlocked = isPositiveMoney(data.turnover.remaining);

  return (
    <div className="wallet-stack">
      <dl className="wallet-details wallet-card">
        <div className="wallet-details__row">
          <dt>{t('withdraw.withdrawable')}</dt>
          <dd className="wallet-card__amount">{money(data.withdrawable)}</dd>
        </div>
        <div className="wallet-details__row">
          <dt>{t('withdraw.limitsLabel')}</dt>
          <dd>{t('deposit.limits', { min: money(data.minAmount), max: money(data.maxAmount) })}</dd>
        </div>
      </dl>

      {turnoverBlocked ? (
        <section className="wallet-notice wallet-notice--warning" aria-labelledby="withdraw-turnover-title">
          <h4 id="withdraw-turnover-title" className="wallet-card__title">
            {t('withdraw.turnoverTitle')}
          </h4>
          <p>{t('withdraw.turnoverExplain', { remaining: money(data.turnover.remaining) })}</p>
          <TurnoverProgress turnover={data.turnover} />
        </section>
      ) : null}

      {!data.hasPaymentPassword ? (
        <PaymentPasswordForm mode="set" onDone={() => void info.refetch()} />
      ) : passwordMode === 'change' ? (
        <PaymentPasswordForm mode="change" onDone={() => setPasswordMode(null)} />
      ) : null}

      <WithdrawForm
        info={data}
        disabled={turnoverBlocked || !data.hasPaymentPassword}
        onChangePassword={() => setPasswordMode('change')}
        onShowRecords={onShowRecords}
      />
    </div>
  );
}

interface WithdrawFormProps {
  info: WithdrawInfo;
  disabled: boolean;
  onChangePassword(): void;
  onShowRecords(): void;
}

function WithdrawForm({ info, disabled, onChangePassword, onShowRecords }: WithdrawFormProps) {
  const { t } = useTranslation('wallet');
  const money = useMoneyFormat();
  const errorText = useErrorText('wallet', 'errors.generic');
  const fieldText = useFieldErrorText('wallet');
  const requireRealAccount = useRequireRealAccount();
  const create = useCreateWithdrawal();
  const attempts = useRef(new AttemptIds());
  const id = useId();
  const accounts = info.bankAccounts;
  const form = useForm<WithdrawFormValues, unknown, WithdrawFormValues>({
    defaultValues: { bankAccountId: accounts[0]?.id ?? '', amount: '', paymentPassword: '' },
    resolver: schemaResolver(
      withdrawFormSchema({ min: info.minAmount, max: info.maxAmount, available: info.withdrawable }),
      withdrawFormMessages,
    ),
  });
  const { errors } = form.formState;
  // Controlled, not registered on the radios: a newly bound account is chosen before its radio exists
  // (the withdraw info refetches), and a registering radio must not reset the choice.
  const { field: accountField } = useController({ control: form.control, name: 'bankAccountId' });
  const accountId = accountField.value;
  const amount = useWatch({ control: form.control, name: 'amount' });
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState<{
    account: BankAccount;
    amount: string;
    paymentPassword: string;
  } | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const showBind = adding || accounts.length === 0;
  const limits = {
    min: money(info.minAmount),
    max: money(info.maxAmount),
    available: money(info.withdrawable),
  };

  const submit = form.handleSubmit((values) => {
    setDone(null);
    const chosen = accounts.find((account) => account.id === values.bankAccountId);
    if (disabled || !chosen) return;
    requireRealAccount(() => {
      setConfirmError(null);
      // The schema's output: the amount in the server's canonical form.
      setConfirming({ account: chosen, amount: values.amount, paymentPassword: values.paymentPassword });
    });
  });

  /** A refusal that belongs under a field: the i18n key and the figures the server gave. */
  const fieldError = (
    error: ApiError,
  ): ['amount' | 'paymentPassword', string, Record<string, string>] | null => {
    switch (error.code) {
      case 'INVALID_PAYMENT_PASSWORD':
      case 'PAYMENT_PASSWORD_REQUIRED':
        return ['paymentPassword', `errors.${error.code}`, {}];
      case 'AMOUNT_OUT_OF_RANGE': {
        const min = detailAmount(error, detailKeys.min) ?? info.minAmount;
        const max = detailAmount(error, detailKeys.max) ?? info.maxAmount;
        return ['amount', 'amount.errors.range', { min: money(min), max: money(max) }];
      }
      case 'INSUFFICIENT_FUNDS': {
        const available = detailAmount(error, detailKeys.available);
        return available
          ? ['amount', 'withdraw.errors.insufficient', { available: money(available) }]
          : ['amount', `errors.${error.code}`, {}];
      }
      case 'TURNOVER_NOT_MET': {
        const remaining = detailAmount(error, detailKeys.remaining);
        return remaining
          ? ['amount', 'withdraw.errors.turnover', { remaining: money(remaining) }]
          : ['amount', `errors.${error.code}`, {}];
      }
      default:
        return null;
    }
  };

  const confirm = () => {
    if (!confirming || create.isPending) return;
    const { account, amount: value, paymentPassword } = confirming;
    const requestId = attempts.current.idFor(`${account.id}|${value}`);
    setConfirmError(null);
    create.mutate(
      { bankAccountId: account.id, amount: value, paymentPassword, requestId },
      {
        onSuccess: (withdrawal) => {
          attempts.current.reset();
          setConfirming(null);
          form.setValue('amount', '');
          form.setValue('paymentPassword', '');
          setDone(t('withdraw.requested', { amount: money(withdrawal.amount) }));
        },
        onError: (error) => {
          // A refusal moved nothing: the next try is a new attempt. A lost answer keeps the id.
          if (isDefiniteRefusal(error)) attempts.current.reset();
          if (error instanceof ApiError) {
            const mapped = fieldError(error);
            if (mapped) {
              setConfirming(null);
              form.setError(mapped[0], { type: 'server', message: mapped[1], types: mapped[2] });
              return;
            }
          }
          setConfirmError(
            error instanceof ApiError && error.code === 'NETWORK'
              ? t('withdraw.lostAnswer')
              : errorText(error),
          );
        },
      },
    );
  };

  const accountError = fieldText(errors.bankAccountId);

  return (
    <div className="wallet-stack">
      {showBind ? (
        <BindBankForm
          realName={info.realName}
          requireRealName={info.requireRealName}
          cancellable={accounts.length > 0}
          onDone={(newId) => {
            setAdding(false);
            if (newId) accountField.onChange(newId);
          }}
        />
      ) : null}
      <form
        className="wallet-form wallet-card"
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-labelledby={`${id}-title`}
      >
        <h4 id={`${id}-title`} className="wallet-card__title">
          {t('withdraw.formTitle')}
        </h4>
        <fieldset
          className="wallet-fieldset"
          disabled={disabled}
          aria-describedby={disabled ? `${id}-disabled` : undefined}
        >
          {disabled ? (
            <p id={`${id}-disabled`} className="ui-field__hint">
              {info.hasPaymentPassword ? t('withdraw.disabledTurnover') : t('withdraw.disabledPassword')}
            </p>
          ) : null}
          <fieldset className="wallet-accounts">
            <legend className="ui-field__label">{t('withdraw.bankAccount')}</legend>
            {accounts.length === 0 ? <p className="ui-field__hint">{t('withdraw.noAccounts')}</p> : null}
            {accounts.map((account) => (
              <label
                key={account.id}
                className="wallet-channel"
                data-selected={account.id === accountId || undefined}
              >
                <input
                  type="radio"
                  className="wallet-channel__radio"
                  name={accountField.name}
                  value={account.id}
                  checked={account.id === accountId}
                  onChange={() => accountField.onChange(account.id)}
                  onBlur={accountField.onBlur}
                />
                <span className="wallet-channel__name">{account.bankName}</span>
                <span className="wallet-channel__limits">
                  {account.accountName} · {account.accountNumber}
                </span>
              </label>
            ))}
            {accountError ? (
              <p className="ui-field__error" role="alert">
                {accountError}
              </p>
            ) : null}
            {accounts.length > 0 && !adding ? (
              <Button variant="ghost" size="sm" onClick={() => setAdding(true)}>
                {t('bank.add')}
              </Button>
            ) : null}
          </fieldset>
          <AmountField
            registration={form.register('amount')}
            value={amount}
            onPick={(chip) => form.setValue('amount', chip)}
            error={fieldText(errors.amount, limits)}
            hint={t('withdraw.amountHint', limits)}
          />
          <Field
            label={t('withdraw.paymentPassword')}
            type="password"
            autoComplete="off"
            error={fieldText(errors.paymentPassword)}
            registration={form.register('paymentPassword')}
          />
          {info.hasPaymentPassword ? (
            <Button variant="ghost" size="sm" onClick={onChangePassword}>
              {t('paymentPassword.changeLink')}
            </Button>
          ) : null}
          <Button type="submit" block>
            {t('withdraw.continue')}
          </Button>
        </fieldset>
        {done ? (
          <div className="wallet-success" role="status">
            <p>{done}</p>
            <Button variant="ghost" size="sm" onClick={onShowRecords}>
              {t('withdraw.viewRecords')}
            </Button>
          </div>
        ) : null}
      </form>
      <ConfirmDialog
        open={!!confirming}
        title={t('withdraw.confirmTitle')}
        confirmLabel={t('withdraw.confirmButton')}
        busy={create.isPending}
        error={confirmError}
        onCancel={() => setConfirming(null)}
        onConfirm={confirm}
      >
        {confirming ? (
          <p>
            {t('withdraw.confirmText', {
              amount: money(confirming.amount),
              bank: confirming.account.bankName,
              number: confirming.account.accountNumber,
            })}
          </p>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
