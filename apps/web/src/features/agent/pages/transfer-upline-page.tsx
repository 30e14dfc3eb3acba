import { isAgentType, type AgentTransferInfo } from '@platform/contract/client';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Empty, ErrorState, Field, Spinner } from '@/components';
import { useMoneyFormat } from '@/features/system';
import { AttemptIds } from '@/features/wallet';
import { ApiError } from '@/lib/api-client';
import { useErrorText, useFieldErrorText } from '@/lib/error-text';
import { schemaResolver } from '@/lib/form-resolver';
import { useTeamMembers } from '../api/get-team-members';
import { useSendTransfer, useTransferInfo } from '../api/transfers';
import { transferFormSchema, type TransferFormValues } from '../forms/transfer-schema';
import type { MemberInfo } from '@platform/contract/client';

/**
 * transferUpline (member centre): money from the member's main wallet to its upline, and for an agent
 * to one of its direct downlines, with the payment password and the operator's limits.
 */
export function TransferUplinePage({ info }: { info: MemberInfo }) {
  const { t } = useTranslation('agent');
  const transfer = useTransferInfo();
  const errorText = useErrorText('agent', 'errors.generic');
  if (transfer.isError) {
    return <ErrorState message={errorText(transfer.error)} onRetry={() => void transfer.refetch()} />;
  }
  if (!transfer.data) return <Spinner label={t('centre.loading')} />;
  const agent = isAgentType(info.type);
  return (
    <div className="agent-page">
      {transfer.data.upline ? (
        <TransferForm limits={transfer.data} to={{ upline: transfer.data.upline }} />
      ) : (
        <Empty title={t('transfer.noUpline')} hint={t('transfer.noUplineHint')} />
      )}
      {agent ? <DownlineTransfer limits={transfer.data} /> : null}
    </div>
  );
}

function DownlineTransfer({ limits }: { limits: AgentTransferInfo }) {
  const { t } = useTranslation('agent');
  const downlines = useTeamMembers({ pageNo: 1, pageSize: 100 });
  const list = downlines.data?.list ?? [];
  if (!downlines.data) return null;
  if (list.length === 0) return <p className="agent-muted">{t('transfer.noDownlines')}</p>;
  return <TransferForm limits={limits} to={{ downlines: list }} />;
}

type Target = { upline: string } | { downlines: { publicId: string; username: string }[] };

function TransferForm({ limits, to }: { limits: AgentTransferInfo; to: Target }) {
  const { t } = useTranslation('agent');
  const money = useMoneyFormat();
  const id = useId();
  const send = useSendTransfer();
  // One id per attempt, kept across renders: a retry after a lost answer never moves money twice.
  const [attempts] = useState(() => new AttemptIds());
  const errorText = useErrorText('agent', 'errors.generic');
  const fieldError = useFieldErrorText('agent');
  const [failure, setFailure] = useState<string | null>(null);
  const toDownline = 'downlines' in to;
  const form = useForm<TransferFormValues, unknown, ReturnType<typeof transferFormSchema.parse>>({
    defaultValues: { amount: '', paymentPassword: '', downline: toDownline ? '' : '-' },
    resolver: schemaResolver(transferFormSchema, {
      amount: { default: 'transfer.errors.amount' },
      paymentPassword: { default: 'transfer.errors.paymentPassword' },
    }),
  });
  const errors = form.formState.errors;
  const range = { min: money(limits.min), max: money(limits.max) };
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const downline = toDownline ? values.downline : undefined;
    const requestId = attempts.idFor(`${downline ?? 'up'}|${values.amount}`);
    try {
      await send.mutateAsync({
        amount: values.amount,
        paymentPassword: values.paymentPassword,
        requestId,
        downline,
      });
      attempts.reset();
      form.reset({ amount: '', paymentPassword: '', downline: values.downline });
    } catch (error) {
      if (error instanceof ApiError && error.code !== 'NETWORK' && error.status < 500) attempts.reset();
      if (error instanceof ApiError) {
        if (error.code === 'INVALID_PAYMENT_PASSWORD' || error.code === 'PAYMENT_PASSWORD_REQUIRED') {
          form.setError('paymentPassword', { type: 'server', message: `errors.${error.code}` });
          return;
        }
        if (error.code === 'AMOUNT_OUT_OF_RANGE' || error.code === 'INSUFFICIENT_FUNDS') {
          form.setError('amount', { type: 'server', message: `errors.${error.code}` });
          return;
        }
      }
      setFailure(errorText(error));
    }
  });
  const title = toDownline ? t('transfer.toDownline') : t('transfer.toUpline', { upline: to.upline });
  return (
    <form className="agent-card agent-offer" aria-labelledby={`${id}-title`} noValidate onSubmit={submit}>
      <h3 id={`${id}-title`} className="agent-card__title">
        {title}
      </h3>
      <p className="agent-muted">{t('transfer.limits', range)}</p>
      {toDownline ? (
        <label className="agent-select">
          <span>{t('transfer.downline')}</span>
          <select {...form.register('downline')} aria-invalid={errors.downline ? true : undefined}>
            <option value="">{t('offer.choose')}</option>
            {to.downlines.map((row) => (
              <option key={row.publicId} value={row.publicId}>
                {row.username}
              </option>
            ))}
          </select>
          {errors.downline ? <span className="agent-error">{fieldError(errors.downline)}</span> : null}
        </label>
      ) : null}
      <Field
        label={t('transfer.amount')}
        inputMode="decimal"
        registration={form.register('amount')}
        error={fieldError(errors.amount, range)}
        required
      />
      <Field
        label={t('transfer.paymentPassword')}
        type="password"
        autoComplete="off"
        registration={form.register('paymentPassword')}
        error={fieldError(errors.paymentPassword)}
        required
      />
      <Button type="submit" disabled={send.isPending}>
        {t('transfer.send')}
      </Button>
      {failure ? (
        <p className="agent-error" role="alert">
          {failure}
        </p>
      ) : null}
      {send.isSuccess ? (
        <p role="status">
          {t('transfer.done', {
            amount: money(send.data.amount),
            to: send.data.to,
            balance: money(send.data.balance),
          })}
        </p>
      ) : null}
    </form>
  );
}
