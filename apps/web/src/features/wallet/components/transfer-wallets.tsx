import { parseMoney, type VendorTransfer, type VendorWallet } from '@platform/contract/client';
import { useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Empty, ErrorState, Spinner } from '@/components';
import { useMoneyFormat } from '@/features/system';
import { ApiError } from '@/lib/api-client';
import { useErrorText, useFieldErrorText } from '@/lib/error-text';
import { schemaResolver } from '@/lib/form-resolver';
import { formatDateTime } from '@/lib/dates';
import {
  useConsolidateTransfers,
  useRefreshTransferWallet,
  useTransferMoney,
  useTransferWallets,
} from '../api/transfer-wallets';
import { transferFormSchema, type TransferFormValues } from '../forms/transfer-schemas';
import { isPositiveMoney } from '../lib/amount';
import { isDefiniteRefusal } from '../lib/errors';
import { AttemptIds, newRequestId } from '../lib/request-id';
import { AmountField } from './amount-field';
import { ConfirmDialog } from './confirm-dialog';
import './transfer-wallets.css';

type Direction = 'in' | 'out';

/**
 * The member's game wallets at vendors that keep their own (the transfer model, ADR 021): each one's
 * balance with a refresh, transfers in and out with a confirmation, and everything back to main in
 * one confirmed click. A transfer the vendor has not confirmed is shown as pending, never as done.
 */
export function TransferWallets() {
  const { t } = useTranslation('transfer');
  const money = useMoneyFormat();
  const errorText = useErrorText('transfer', 'errors.generic');
  const wallets = useTransferWallets();
  const consolidate = useConsolidateTransfers();
  const consolidateId = useRef<string | null>(null);
  const [confirmingAll, setConfirmingAll] = useState(false);
  const [allError, setAllError] = useState<string | null>(null);
  const [allResult, setAllResult] = useState<string | null>(null);
  const [open, setOpen] = useState<{ vendor: string; direction: Direction } | null>(null);

  if (wallets.isError) {
    return (
      <section className="wallet-card" aria-labelledby="transfer-title">
        <h4 id="transfer-title" className="wallet-card__title">
          {t('title')}
        </h4>
        <ErrorState message={errorText(wallets.error)} onRetry={() => void wallets.refetch()} />
      </section>
    );
  }
  if (!wallets.data) {
    return (
      <section className="wallet-card" aria-labelledby="transfer-title" aria-busy="true">
        <h4 id="transfer-title" className="wallet-card__title">
          {t('title')}
        </h4>
        <Spinner label={t('loading')} />
      </section>
    );
  }
  const { main, wallets: list } = wallets.data;
  const held = list.some((wallet) => isPositiveMoney(wallet.balance));

  const runConsolidate = () => {
    if (consolidate.isPending) return;
    // One id per confirmed attempt: a retry after a lost answer moves nothing twice.
    consolidateId.current ??= newRequestId();
    setAllError(null);
    consolidate.mutate(consolidateId.current, {
      onSuccess: (result) => {
        consolidateId.current = null;
        setConfirmingAll(false);
        const pending = result.transfers.filter((transfer) => transfer.status === 'pending');
        const lines = [
          result.transfers.length === 0 && result.failedVendors.length === 0
            ? t('consolidate.nothing')
            : t('consolidate.done', { main: money(result.main) }),
        ];
        if (pending.length > 0) {
          lines.push(
            t('consolidate.pending', {
              amount: money(sumOf(pending)),
              vendors: pending.map((transfer) => titleOf(list, transfer.vendor)).join(', '),
            }),
          );
        }
        if (result.failedVendors.length > 0) {
          lines.push(
            t('consolidate.failed', {
              vendors: result.failedVendors.map((vendor) => titleOf(list, vendor)).join(', '),
            }),
          );
        }
        setAllResult(lines.join(' '));
      },
      onError: (error) => {
        if (isDefiniteRefusal(error)) consolidateId.current = null;
        setAllError(
          error instanceof ApiError && error.code === 'NETWORK' ? t('lostAnswer') : errorText(error),
        );
      },
    });
  };

  return (
    <section className="wallet-card transfer-wallets" aria-labelledby="transfer-title">
      <h4 id="transfer-title" className="wallet-card__title">
        {t('title')}
      </h4>
      <p className="wallet-field__hint">{t('explain')}</p>
      {list.length === 0 ? (
        <Empty title={t('empty')} hint={t('emptyHint')} />
      ) : (
        <>
          <div className="transfer-wallets__all">
            <Button
              variant="secondary"
              disabled={!held}
              onClick={() => {
                setAllResult(null);
                setAllError(null);
                setConfirmingAll(true);
              }}
            >
              {t('consolidate.button')}
            </Button>
            {!held ? <p className="wallet-field__hint">{t('consolidate.nothingHeld')}</p> : null}
          </div>
          {allResult ? (
            <p className="wallet-success" role="status">
              {allResult}
            </p>
          ) : null}
          <ul className="transfer-wallets__list">
            {list.map((wallet) => (
              <VendorWalletItem
                key={wallet.vendor}
                wallet={wallet}
                main={main}
                open={open?.vendor === wallet.vendor ? open.direction : null}
                onOpen={(direction) => setOpen(direction ? { vendor: wallet.vendor, direction } : null)}
              />
            ))}
          </ul>
        </>
      )}
      <ConfirmDialog
        open={confirmingAll}
        title={t('consolidate.confirmTitle')}
        confirmLabel={t('consolidate.confirm')}
        busy={consolidate.isPending}
        error={allError}
        onConfirm={runConsolidate}
        onCancel={() => setConfirmingAll(false)}
      >
        <p>{t('consolidate.confirmBody')}</p>
        <ul className="transfer-wallets__summary">
          {list
            .filter((wallet) => isPositiveMoney(wallet.balance))
            .map((wallet) => (
              <li key={wallet.vendor}>
                {wallet.title}: {money(wallet.balance)}
              </li>
            ))}
        </ul>
      </ConfirmDialog>
    </section>
  );
}

interface VendorWalletItemProps {
  wallet: VendorWallet;
  main: string;
  open: Direction | null;
  onOpen(direction: Direction | null): void;
}

function VendorWalletItem({ wallet, main, open, onOpen }: VendorWalletItemProps) {
  const { t, i18n } = useTranslation('transfer');
  const money = useMoneyFormat();
  const errorText = useErrorText('transfer', 'errors.generic');
  const refresh = useRefreshTransferWallet();
  const [refreshError, setRefreshError] = useState<string | null>(null);
  const [result, setResult] = useState<{ text: string; pending: boolean } | null>(null);
  const id = useId();
  const pending = isPositiveMoney(wallet.pendingAmount);

  return (
    <li className="transfer-wallet" aria-labelledby={`${id}-name`}>
      <div className="transfer-wallet__head">
        <h5 id={`${id}-name`} className="transfer-wallet__name">
          {wallet.title}
        </h5>
        {pending ? (
          <span className="wallet-chip wallet-chip--pending">
            {t('pendingChip', { amount: money(wallet.pendingAmount) })}
          </span>
        ) : null}
      </div>
      <p className="transfer-wallet__balance" aria-live="polite">
        <span className="transfer-wallet__label">{t('balance')}</span>{' '}
        <strong data-testid={`transfer-balance-${wallet.vendor}`}>{money(wallet.balance)}</strong>
      </p>
      <p className="wallet-field__hint">
        {wallet.refreshedAt
          ? t('checkedAt', {
              time: formatDateTime(wallet.refreshedAt, i18n.language),
            })
          : t('neverChecked')}
        {wallet.autoTransferIn ? ` ${t('autoIn')}` : ''}
      </p>
      {pending ? <p className="wallet-field__hint">{t('pendingExplain')}</p> : null}
      <div className="wallet-actions">
        <Button
          variant="ghost"
          size="sm"
          loading={refresh.isPending}
          aria-label={t('refreshFor', { vendor: wallet.title })}
          onClick={() => {
            setRefreshError(null);
            refresh.mutate(wallet.vendor, { onError: (error) => setRefreshError(errorText(error)) });
          }}
        >
          {t('refresh')}
        </Button>
        <Button
          size="sm"
          aria-expanded={open === 'in'}
          aria-label={t('inFor', { vendor: wallet.title })}
          onClick={() => {
            setResult(null);
            onOpen(open === 'in' ? null : 'in');
          }}
        >
          {t('in')}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          aria-expanded={open === 'out'}
          aria-label={t('outFor', { vendor: wallet.title })}
          onClick={() => {
            setResult(null);
            onOpen(open === 'out' ? null : 'out');
          }}
        >
          {t('out')}
        </Button>
      </div>
      {refreshError ? (
        <p className="wallet-field__error" role="alert">
          {refreshError}
        </p>
      ) : null}
      {open ? (
        <TransferForm
          key={open}
          wallet={wallet}
          direction={open}
          available={open === 'in' ? main : wallet.balance}
          onCancel={() => onOpen(null)}
          onDone={(transfer) => {
            onOpen(null);
            setResult({
              pending: transfer.status === 'pending',
              text:
                transfer.status === 'pending'
                  ? t('pending', { amount: money(transfer.amount), vendor: wallet.title })
                  : t(transfer.direction === 'in' ? 'doneIn' : 'doneOut', {
                      amount: money(transfer.amount),
                      vendor: wallet.title,
                    }),
            });
          }}
        />
      ) : null}
      {result ? (
        <p
          className={result.pending ? 'wallet-notice wallet-notice--warning' : 'wallet-success'}
          role="status"
        >
          {result.text}
        </p>
      ) : null}
    </li>
  );
}

interface TransferFormProps {
  wallet: VendorWallet;
  direction: Direction;
  /** what the money comes from holds (main, or the sub-wallet as last told) */
  available: string;
  onCancel(): void;
  onDone(transfer: VendorTransfer): void;
}

function TransferForm({ wallet, direction, available, onCancel, onDone }: TransferFormProps) {
  const { t } = useTranslation('transfer');
  const money = useMoneyFormat();
  const errorText = useErrorText('transfer', 'errors.generic');
  const fieldText = useFieldErrorText('wallet');
  const move = useTransferMoney();
  const attempts = useRef(new AttemptIds());
  const id = useId();
  const form = useForm<TransferFormValues, unknown, TransferFormValues>({
    defaultValues: { amount: '' },
    resolver: schemaResolver(transferFormSchema(available), {}),
  });
  const amount = useWatch({ control: form.control, name: 'amount' });
  const [confirming, setConfirming] = useState<string | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const submit = form.handleSubmit((values) => {
    setConfirmError(null);
    setConfirming(values.amount);
  });

  const confirm = () => {
    if (confirming === null || move.isPending) return;
    const requestId = attempts.current.idFor(`${wallet.vendor}|${direction}|${confirming}`);
    setConfirmError(null);
    move.mutate(
      { direction, vendor: wallet.vendor, amount: confirming, requestId },
      {
        onSuccess: (transfer) => {
          attempts.current.reset();
          setConfirming(null);
          onDone(transfer);
        },
        onError: (error) => {
          if (isDefiniteRefusal(error)) attempts.current.reset();
          if (error instanceof ApiError && error.code === 'INSUFFICIENT_FUNDS') {
            setConfirming(null);
            form.setError('amount', { type: 'server', message: 'amount.errors.moreThanHeld' });
            return;
          }
          setConfirmError(
            error instanceof ApiError && error.code === 'NETWORK' ? t('lostAnswer') : errorText(error),
          );
        },
      },
    );
  };

  const from = direction === 'in' ? t('mainWallet') : wallet.title;
  const to = direction === 'in' ? wallet.title : t('mainWallet');
  return (
    <form
      className="wallet-form transfer-wallet__form"
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => void submit(event)}
    >
      <p id={`${id}-title`} className="transfer-wallet__route">
        {t('route', { from, to })}
      </p>
      <AmountField
        registration={form.register('amount')}
        value={amount}
        onPick={(chip) => form.setValue('amount', chip, { shouldValidate: true })}
        chips={isPositiveMoney(available) ? [available] : []}
        formatChip={(chip) => t('all', { amount: money(chip) })}
        error={fieldText(form.formState.errors.amount, { available: money(available) })}
        hint={t('available', { amount: money(available) })}
      />
      <div className="wallet-actions">
        <Button variant="ghost" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button type="submit">{t('continue')}</Button>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        title={t(direction === 'in' ? 'confirmInTitle' : 'confirmOutTitle')}
        confirmLabel={t('confirmMove')}
        busy={move.isPending}
        error={confirmError}
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
      >
        <p>{t('confirmBody', { amount: money(confirming ?? '0'), from, to })}</p>
      </ConfirmDialog>
    </form>
  );
}

const sumOf = (transfers: VendorTransfer[]): bigint =>
  transfers.reduce((sum, transfer) => sum + parseMoney(transfer.amount), 0n);

const titleOf = (list: VendorWallet[], vendor: string): string =>
  list.find((wallet) => wallet.vendor === vendor)?.title ?? vendor;
