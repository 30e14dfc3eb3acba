import type { Channel, CreatedDeposit } from '@platform/contract/client';
import { useId, useRef, useState } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, CopyField, Empty, ErrorState, Spinner, Tabs } from '@/components';
import { useRequireRealAccount, useSession } from '@/features/auth';
import { useMoneyFormat } from '@/features/system';
import { ApiError } from '@/lib/api-client';
import { useErrorText, useFieldErrorText } from '@/lib/error-text';
import { schemaResolver } from '@/lib/form-resolver';
import { useCreateDeposit } from '../api/create-deposit';
import { useChannels } from '../api/get-channels';
import { useDeposits } from '../api/get-deposits';
import { useUploadDepositProof } from '../api/upload-deposit-proof';
import { AmountField } from '../components/amount-field';
import { ConfirmDialog } from '../components/confirm-dialog';
import { DepositRecords } from '../components/deposit-records';
import { ProofPicker } from '../components/proof-picker';
import { RealAccountNotice } from '../components/real-account-notice';
import { StatusChip } from '../components/status-chip';
import { depositFormMessages, depositFormSchema, type DepositFormValues } from '../forms/schemas';
import { checkAmount, type AmountLimits } from '../lib/amount';
import { channelNameIn } from '../lib/channel-name';
import { formatDateTime } from '@/lib/dates';
import { detailAmount, detailKeys, isDefiniteRefusal } from '../lib/errors';
import { AttemptIds } from '../lib/request-id';
import { safeRedirectUrl } from '../lib/safe-redirect';
import type { WalletPageProps } from '../lib/types';
import '../components/wallet.css';

/** Quick amounts offered as chips, shown when the chosen channel accepts them. */
export const DEPOSIT_QUICK_AMOUNTS = ['500', '1000', '2000', '5000', '10000', '25000'] as const;

const inRange = (amount: string, channel: Channel): boolean =>
  checkAmount(amount, { min: channel.minAmount, max: channel.maxAmount }) === null;

const limitsOf = (channels: Channel[] | undefined, id: string): AmountLimits | null => {
  const channel = channels?.find((entry) => entry.id === id);
  return channel ? { min: channel.minAmount, max: channel.maxAmount } : null;
};

type Tab = 'new' | 'records';

/** Deposit (depositv2): choose a channel, an amount, confirm; then bank details or the gateway page. */
export function DepositPage(_props: WalletPageProps) {
  const { t } = useTranslation('wallet');
  const session = useSession();
  const [tab, setTab] = useState<Tab>('new');
  const prefix = useId();
  if (session.isTrial) return <RealAccountNotice />;
  return (
    <div className="wallet-page">
      <Tabs
        idPrefix={prefix}
        label={t('deposit.tabs')}
        tabs={[
          { id: 'new', label: t('deposit.tabNew') },
          { id: 'records', label: t('deposit.tabRecords') },
        ]}
        activeId={tab}
        onChange={(id) => setTab(id as Tab)}
      />
      {/* Both panels stay mounted: switching tabs never loses what the member typed. */}
      <div role="tabpanel" aria-labelledby={`${prefix}-tab-new`} hidden={tab !== 'new'}>
        <LatestDeposit />
        <DepositFlow />
      </div>
      <div role="tabpanel" aria-labelledby={`${prefix}-tab-records`} hidden={tab !== 'records'}>
        {tab === 'records' ? <DepositRecords /> : null}
      </div>
    </div>
  );
}

/** The newest deposit and its status: what a member coming back from a payment page wants to see. */
function LatestDeposit() {
  const { t } = useTranslation('wallet');
  const money = useMoneyFormat();
  const latest = useDeposits({ pageNo: 1, pageSize: 1 });
  const deposit = latest.data?.list[0];
  if (!deposit) return null;
  return (
    <section className="wallet-latest" aria-label={t('deposit.latest')}>
      <p>
        {t('deposit.latestText', { amount: money(deposit.amount), channel: deposit.channelName })}{' '}
        <StatusChip kind="deposit" status={deposit.status} />
      </p>
      <Button variant="ghost" size="sm" loading={latest.isFetching} onClick={() => void latest.refetch()}>
        {t('deposit.refreshStatus')}
      </Button>
    </section>
  );
}

function DepositFlow() {
  const { t, i18n } = useTranslation('wallet');
  const money = useMoneyFormat();
  const errorText = useErrorText('wallet', 'errors.generic');
  const fieldText = useFieldErrorText('wallet');
  const requireRealAccount = useRequireRealAccount();
  const channels = useChannels();
  const create = useCreateDeposit();
  const attempts = useRef(new AttemptIds());
  const form = useForm<DepositFormValues, unknown, DepositFormValues>({
    defaultValues: { channelId: '', amount: '' },
    // The amount is checked against the limits of the channel chosen in the values being validated.
    resolver: (values, context, options) =>
      schemaResolver(depositFormSchema(limitsOf(channels.data, values.channelId)), depositFormMessages)(
        values,
        context,
        options,
      ),
  });
  const { errors } = form.formState;
  // Controlled: the choice survives the radios unmounting (while a created deposit is shown).
  const { field: channelField } = useController({ control: form.control, name: 'channelId' });
  const channelId = channelField.value;
  const amount = useWatch({ control: form.control, name: 'amount' });
  const [confirming, setConfirming] = useState<{ channel: Channel; amount: string } | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const [result, setResult] = useState<CreatedDeposit | null>(null);
  const [redirecting, setRedirecting] = useState(false);

  if (result) {
    return (
      <DepositResult
        result={result}
        onDone={() => {
          setResult(null);
          form.setValue('amount', '');
        }}
      />
    );
  }
  if (channels.isError) {
    return <ErrorState message={errorText(channels.error)} onRetry={() => void channels.refetch()} />;
  }
  if (!channels.data) return <Spinner label={t('loading')} />;
  if (channels.data.length === 0)
    return <Empty title={t('deposit.noChannels')} hint={t('deposit.noChannelsHint')} />;

  const channel = channels.data.find((entry) => entry.id === channelId) ?? null;
  const limits = channel ? { min: money(channel.minAmount), max: money(channel.maxAmount) } : null;

  const submit = form.handleSubmit((values) => {
    const chosen = channels.data?.find((entry) => entry.id === values.channelId);
    if (!chosen) return;
    requireRealAccount(() => {
      setConfirmError(null);
      // The schema's output: the amount in the server's canonical form.
      setConfirming({ channel: chosen, amount: values.amount });
    });
  });

  const confirm = () => {
    if (!confirming || create.isPending) return;
    const { channel: chosen, amount: value } = confirming;
    const requestId = attempts.current.idFor(`${chosen.id}|${value}`);
    setConfirmError(null);
    create.mutate(
      { channelId: chosen.id, amount: value, requestId },
      {
        onSuccess: (created) => {
          attempts.current.reset();
          const redirect = safeRedirectUrl(created.redirectUrl);
          if (redirect) {
            setRedirecting(true);
            window.location.assign(redirect);
            return;
          }
          setConfirming(null);
          setResult(created);
        },
        onError: (error) => {
          if (isDefiniteRefusal(error)) attempts.current.reset();
          if (error instanceof ApiError && error.code === 'AMOUNT_OUT_OF_RANGE') {
            setConfirming(null);
            const min = detailAmount(error, detailKeys.min);
            const max = detailAmount(error, detailKeys.max);
            form.setError('amount', {
              type: 'server',
              message: 'amount.errors.range',
              types: {
                min: min ? money(min) : money(chosen.minAmount),
                max: max ? money(max) : money(chosen.maxAmount),
              },
            });
            return;
          }
          setConfirmError(
            error instanceof ApiError && error.code === 'NETWORK'
              ? t('deposit.lostAnswer')
              : errorText(error),
          );
        },
      },
    );
  };

  const chips = channel ? DEPOSIT_QUICK_AMOUNTS.filter((chip) => inRange(chip, channel)) : [];
  const channelError = fieldText(errors.channelId);

  return (
    <form className="wallet-form" noValidate onSubmit={(event) => void submit(event)}>
      <fieldset className="wallet-channels">
        <legend className="ui-field__label">{t('deposit.channel')}</legend>
        <div className="wallet-channels__grid">
          {channels.data.map((entry) => (
            <label
              key={entry.id}
              className="wallet-channel"
              data-selected={entry.id === channelId || undefined}
            >
              <input
                type="radio"
                className="wallet-channel__radio"
                name={channelField.name}
                value={entry.id}
                checked={entry.id === channelId}
                onChange={() => {
                  channelField.onChange(entry.id);
                  form.clearErrors('amount');
                }}
                onBlur={channelField.onBlur}
              />
              <span className="wallet-channel__name">
                {channelNameIn(entry.names, entry.name, i18n.language)}
              </span>
              <span className="wallet-channel__kind">{t(`deposit.kind.${entry.kind}`)}</span>
              <span className="wallet-channel__limits">
                {t('deposit.limits', { min: money(entry.minAmount), max: money(entry.maxAmount) })}
              </span>
            </label>
          ))}
        </div>
        {channelError ? (
          <p className="ui-field__error" role="alert">
            {channelError}
          </p>
        ) : null}
      </fieldset>
      <AmountField
        registration={form.register('amount')}
        value={amount}
        onPick={(chip) => {
          form.setValue('amount', chip);
          form.clearErrors('amount');
        }}
        error={fieldText(errors.amount, limits ?? {})}
        hint={limits ? t('deposit.limits', limits) : t('deposit.chooseChannelFirst')}
        chips={chips}
        formatChip={money}
      />
      <Button type="submit" block>
        {t('deposit.continue')}
      </Button>
      <ConfirmDialog
        open={!!confirming}
        title={t('deposit.confirmTitle')}
        confirmLabel={t('deposit.confirmButton')}
        busy={create.isPending || redirecting}
        error={confirmError}
        onCancel={() => setConfirming(null)}
        onConfirm={confirm}
      >
        {confirming ? (
          <p>
            {t('deposit.confirmText', {
              amount: money(confirming.amount),
              channel: channelNameIn(confirming.channel.names, confirming.channel.name, i18n.language),
            })}
          </p>
        ) : null}
      </ConfirmDialog>
    </form>
  );
}

function DepositResult({ result, onDone }: { result: CreatedDeposit; onDone(): void }) {
  const { t, i18n } = useTranslation('wallet');
  const money = useMoneyFormat();
  const errorText = useErrorText('wallet', 'errors.generic');
  const upload = useUploadDepositProof();
  const [file, setFile] = useState<File | null>(null);
  const [proofError, setProofError] = useState<string | null>(null);
  const { deposit, bankDetails } = result;
  return (
    <section className="wallet-result" aria-labelledby="deposit-result-title">
      <h4 id="deposit-result-title" className="wallet-card__title">
        {t('deposit.createdTitle')}
      </h4>
      <p>
        {t('deposit.createdText', {
          amount: money(deposit.amount),
          channel: channelNameIn(deposit.channelNames, deposit.channelName, i18n.language),
        })}{' '}
        <StatusChip kind="deposit" status={deposit.status} />
      </p>
      {bankDetails ? (
        <>
          <p className="wallet-notice">
            {t('deposit.transferInstructions', { amount: money(deposit.amount) })}
          </p>
          <CopyField label={t('deposit.bankName')} value={bankDetails.bankName} />
          <CopyField label={t('deposit.accountName')} value={bankDetails.accountName} />
          <CopyField label={t('deposit.accountNumber')} value={bankDetails.accountNumber} />
          <CopyField label={t('deposit.reference')} value={deposit.reference} emphasis />
          <p className="ui-field__hint">{t('deposit.referenceHint')}</p>
          <p className="ui-field__hint">
            {t('deposit.expiresAt', { time: formatDateTime(deposit.expiresAt, i18n.language) })}
          </p>
          {upload.isSuccess || deposit.hasProof ? (
            <p className="wallet-success" role="status">
              {t('proof.uploaded')}
            </p>
          ) : (
            <form
              className="wallet-form"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                if (!file) {
                  setProofError(t('proof.errors.required'));
                  return;
                }
                setProofError(null);
                upload.mutate(
                  { id: deposit.id, file },
                  { onError: (error) => setProofError(errorText(error)) },
                );
              }}
            >
              <ProofPicker
                label={t('deposit.proofLabel')}
                file={file}
                onChange={setFile}
                error={proofError}
              />
              <Button type="submit" variant="secondary" loading={upload.isPending}>
                {t('deposit.uploadProof')}
              </Button>
            </form>
          )}
        </>
      ) : null}
      <Button variant="ghost" onClick={onDone}>
        {t('deposit.another')}
      </Button>
    </section>
  );
}
