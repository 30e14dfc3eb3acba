import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Field } from '@/components/field';
import { Dialog } from '@/features/queues';
import type { AddChannelBody, AdminChannel } from '../api/channels';

const MONEY = /^\d{1,15}(\.\d{1,2})?$/;

function Actions({
  busy,
  submit,
  error,
  onClose,
}: {
  busy: boolean;
  submit: string;
  error?: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {error ? (
        <p role="alert" className="queue-error">
          {error}
        </p>
      ) : null}
      <div className="queue-dialog__actions">
        <Button variant="secondary" onClick={onClose}>
          {t('queues.cancel')}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? t('queues.working') : submit}
        </Button>
      </div>
    </>
  );
}

interface Common {
  busy: boolean;
  error?: string | null;
  onClose: () => void;
}

type AddValues = {
  kind: 'bank_transfer' | 'gateway';
  name: string;
  nameBn: string;
  nameEn: string;
  minAmount: string;
  maxAmount: string;
  bankName: string;
  accountName: string;
  accountNumber: string;
  provider: string;
};

/** A new channel: kind, names, limits and the bank's details (or the gateway's provider). */
export function AddChannelDialog({
  busy,
  error,
  onClose,
  onSubmit,
}: Common & { onSubmit: (body: AddChannelBody) => void }) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<AddValues>({
    defaultValues: { kind: 'bank_transfer', provider: 'sandbox' },
  });
  const kind = useWatch({ control, name: 'kind' });
  const name = { validate: (v: string) => v.trim().length >= 2 || t('channels.validation.name') };
  const optionalName = {
    validate: (v: string) => v.trim() === '' || v.trim().length >= 2 || t('channels.validation.name'),
  };
  const money = { validate: (v: string) => MONEY.test(v.trim()) || t('channels.validation.money') };
  const bankText = {
    validate: (v: string) =>
      kind !== 'bank_transfer' || v.trim().length >= 2 || t('channels.validation.name'),
  };
  const submit = (values: AddValues) => {
    const text = (v: string) => (v.trim() === '' ? undefined : v.trim());
    onSubmit({
      kind: values.kind,
      name: values.name.trim(),
      nameBn: text(values.nameBn),
      nameEn: text(values.nameEn),
      minAmount: values.minAmount.trim(),
      maxAmount: values.maxAmount.trim(),
      ...(values.kind === 'bank_transfer'
        ? {
            bankName: values.bankName.trim(),
            accountName: values.accountName.trim(),
            accountNumber: values.accountNumber.trim(),
          }
        : { provider: values.provider.trim() }),
    });
  };
  return (
    <Dialog title={t('channels.addTitle')} onClose={onClose}>
      <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
        <div className="field">
          <label htmlFor="channel-kind">{t('channels.kindLabel')}</label>
          <select id="channel-kind" {...register('kind')}>
            <option value="bank_transfer">{t('channels.kind.bank_transfer')}</option>
            <option value="gateway">{t('channels.kind.gateway')}</option>
          </select>
        </div>
        <Field label={t('channels.name')} error={errors.name?.message} {...register('name', name)} />
        <Field
          label={t('channels.nameBn')}
          error={errors.nameBn?.message}
          {...register('nameBn', optionalName)}
        />
        <Field
          label={t('channels.nameEn')}
          error={errors.nameEn?.message}
          {...register('nameEn', optionalName)}
        />
        <Field
          label={t('channels.minAmount')}
          inputMode="decimal"
          error={errors.minAmount?.message}
          {...register('minAmount', money)}
        />
        <Field
          label={t('channels.maxAmount')}
          inputMode="decimal"
          error={errors.maxAmount?.message}
          {...register('maxAmount', money)}
        />
        {kind === 'bank_transfer' ? (
          <>
            <Field
              label={t('channels.bankName')}
              error={errors.bankName?.message}
              {...register('bankName', bankText)}
            />
            <Field
              label={t('channels.accountName')}
              error={errors.accountName?.message}
              {...register('accountName', bankText)}
            />
            <Field
              label={t('channels.accountNumber')}
              error={errors.accountNumber?.message}
              {...register('accountNumber', bankText)}
            />
          </>
        ) : (
          <Field label={t('channels.provider')} hint={t('channels.providerHint')} {...register('provider')} />
        )}
        <Actions busy={busy} error={error} onClose={onClose} submit={t('channels.addAction')} />
      </form>
    </Dialog>
  );
}

/** Rename: the main name and each language's. */
export function RenameChannelDialog({
  channel,
  busy,
  error,
  onClose,
  onSubmit,
}: Common & {
  channel: AdminChannel;
  onSubmit: (body: { name?: string; nameBn?: string; nameEn?: string }) => void;
}) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    defaultValues: {
      name: channel.name,
      nameBn: channel.names.bn ?? '',
      nameEn: channel.names.en ?? '',
    },
  });
  const optionalName = {
    validate: (v: string) => v.trim() === '' || v.trim().length >= 2 || t('channels.validation.name'),
  };
  return (
    <Dialog title={t('channels.renameTitle', { name: channel.name })} onClose={onClose}>
      <form
        noValidate
        onSubmit={(event) =>
          void handleSubmit((values) => {
            const text = (v: string) => (v.trim() === '' ? undefined : v.trim());
            onSubmit({ name: text(values.name), nameBn: text(values.nameBn), nameEn: text(values.nameEn) });
          })(event)
        }
      >
        <Field label={t('channels.name')} error={errors.name?.message} {...register('name', optionalName)} />
        <Field
          label={t('channels.nameBn')}
          error={errors.nameBn?.message}
          {...register('nameBn', optionalName)}
        />
        <Field
          label={t('channels.nameEn')}
          error={errors.nameEn?.message}
          {...register('nameEn', optionalName)}
        />
        <Actions busy={busy} error={error} onClose={onClose} submit={t('channels.renameAction')} />
      </form>
    </Dialog>
  );
}

/** The smallest and largest amount a member may deposit through the channel. */
export function ChannelLimitsDialog({
  channel,
  busy,
  error,
  onClose,
  onSubmit,
}: Common & { channel: AdminChannel; onSubmit: (limits: { minAmount: string; maxAmount: string }) => void }) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ defaultValues: { minAmount: channel.minAmount, maxAmount: channel.maxAmount } });
  const money = { validate: (v: string) => MONEY.test(v.trim()) || t('channels.validation.money') };
  return (
    <Dialog title={t('channels.limitsTitle', { name: channel.name })} onClose={onClose}>
      <form
        noValidate
        onSubmit={(event) =>
          void handleSubmit((values) =>
            onSubmit({ minAmount: values.minAmount.trim(), maxAmount: values.maxAmount.trim() }),
          )(event)
        }
      >
        <Field
          label={t('channels.minAmount')}
          inputMode="decimal"
          error={errors.minAmount?.message}
          {...register('minAmount', money)}
        />
        <Field
          label={t('channels.maxAmount')}
          inputMode="decimal"
          error={errors.maxAmount?.message}
          {...register('maxAmount', money)}
        />
        <Actions busy={busy} error={error} onClose={onClose} submit={t('channels.limitsAction')} />
      </form>
    </Dialog>
  );
}
