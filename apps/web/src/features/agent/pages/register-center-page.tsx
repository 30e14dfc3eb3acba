import type { AgentContractKind, InviteLink as InviteLinkRow } from '@platform/contract/client';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, CopyField, Empty, ErrorState, Field, QrCode, Spinner } from '@/components';
import { useMemberInfo } from '@/features/auth';
import { useErrorText, useFieldErrorText } from '@/lib/error-text';
import { applyServerIssues, schemaResolver } from '@/lib/form-resolver';
import { formatDateTime } from '@/lib/dates';
import { useContracts } from '../api/get-contracts';
import { useCreateDownline, useCreateInviteLink, useInviteLinks } from '../api/register-center';
import { InviteLink } from '../components/invite-link';
import { OfferTermsFields } from '../components/offer-terms-fields';
import {
  downlineFormSchema,
  inviteFormSchema,
  type DownlineFormValues,
  type InviteFormValues,
} from '../forms/register-center-schemas';

/**
 * Registration centre: the agent's own invite link, a form that makes a downline account directly, and
 * invite links (each with its QR code) that register players or agents, an agent with a contract offer;
 * each link shows its sign-ups and conversions (first deposits).
 */
export function RegisterCenterPage() {
  const { t } = useTranslation('agent');
  const info = useMemberInfo();
  if (info.isError)
    return <ErrorState message={t('overview.codeFailed')} onRetry={() => void info.refetch()} />;
  if (!info.data) return <Spinner label={t('centre.loading')} />;
  return (
    <div className="agent-page agent-page--wide">
      <InviteLink code={info.data.referralCode} />
      <DownlineForm />
      <InviteLinkForm />
      <InviteLinks />
    </div>
  );
}

function DownlineForm() {
  const { t } = useTranslation('agent');
  const create = useCreateDownline();
  const errorText = useErrorText('agent', 'errors.generic');
  const fieldError = useFieldErrorText('agent');
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<DownlineFormValues, unknown, ReturnType<typeof downlineFormSchema.parse>>({
    defaultValues: { username: '', password: '', confirmPassword: '', type: 'player' },
    resolver: schemaResolver(downlineFormSchema, {
      username: { default: 'register.errors.username' },
      password: { default: 'register.errors.password' },
    }),
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      await create.mutateAsync(body);
      form.reset();
    } catch (error) {
      if (!applyServerIssues(error, form.setError, ['username', 'password'])) setFailure(errorText(error));
    }
  });
  return (
    <form
      className="agent-card agent-offer"
      aria-label={t('register.accountTitle')}
      onSubmit={submit}
      noValidate
    >
      <h3 className="agent-card__title">{t('register.accountTitle')}</h3>
      <p className="agent-muted">{t('register.accountHint')}</p>
      <Field
        label={t('register.username')}
        registration={form.register('username')}
        error={fieldError(errors.username)}
        autoComplete="off"
        required
      />
      <Field
        label={t('register.password')}
        type="password"
        registration={form.register('password')}
        error={fieldError(errors.password)}
        autoComplete="new-password"
        required
      />
      <Field
        label={t('register.confirmPassword')}
        type="password"
        registration={form.register('confirmPassword')}
        error={fieldError(errors.confirmPassword)}
        autoComplete="new-password"
        required
      />
      <label className="agent-select">
        <span>{t('register.type')}</span>
        <select {...form.register('type')}>
          <option value="player">{t('register.types.player')}</option>
          <option value="agent">{t('register.types.agent')}</option>
        </select>
      </label>
      <Button type="submit" disabled={create.isPending}>
        {t('register.create')}
      </Button>
      {failure ? (
        <p className="agent-error" role="alert">
          {failure}
        </p>
      ) : null}
      {create.isSuccess ? (
        <p role="status">{t('register.created', { username: create.data.username })}</p>
      ) : null}
    </form>
  );
}

function InviteLinkForm() {
  const { t } = useTranslation('agent');
  const create = useCreateInviteLink();
  const contracts = useContracts();
  const errorText = useErrorText('agent', 'errors.generic');
  const fieldError = useFieldErrorText('agent');
  // Only a contract the agent holds itself can be shared down (the server checks the rate too).
  const kinds: AgentContractKind[] = (contracts.data?.asDownline ?? [])
    .filter((row) => row.status === 'active' && contracts.data?.enabledKinds.includes(row.kind))
    .map((row) => row.kind);
  const form = useForm<InviteFormValues, unknown, ReturnType<typeof inviteFormSchema.parse>>({
    defaultValues: { type: 'player', kind: '', cycle: 'monthly', min: '0', minActive: '0', rate: '' },
    resolver: schemaResolver(inviteFormSchema, {
      min: { default: 'offer.errors.min' },
      minActive: { default: 'offer.errors.minActive' },
    }),
  });
  const errors = form.formState.errors;
  const type = useWatch({ control: form.control, name: 'type' });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const offered = kinds.find((value) => value === kind);
  return (
    <form
      className="agent-card agent-offer"
      aria-label={t('register.linkTitle')}
      noValidate
      onSubmit={form.handleSubmit((body) => create.mutate(body, { onSuccess: () => form.reset() }))}
    >
      <h3 className="agent-card__title">{t('register.linkTitle')}</h3>
      <p className="agent-muted">{t('register.linkHint')}</p>
      <label className="agent-select">
        <span>{t('register.type')}</span>
        <select {...form.register('type')}>
          <option value="player">{t('register.types.player')}</option>
          <option value="agent">{t('register.types.agent')}</option>
        </select>
      </label>
      {type === 'agent' ? (
        <>
          <label className="agent-select">
            <span>{t('register.offerKind')}</span>
            <select {...form.register('kind')}>
              <option value="">{t('register.noOffer')}</option>
              {kinds.map((value) => (
                <option key={value} value={value}>
                  {t(`kinds.${value}`)}
                </option>
              ))}
            </select>
          </label>
          {offered ? (
            <OfferTermsFields
              kind={offered}
              fields={{
                cycle: form.register('cycle'),
                min: form.register('min'),
                minActive: form.register('minActive'),
                rate: form.register('rate'),
              }}
              errors={{
                min: fieldError(errors.min),
                minActive: fieldError(errors.minActive),
                rate: fieldError(errors.rate),
              }}
            />
          ) : null}
        </>
      ) : null}
      <Button type="submit" disabled={create.isPending}>
        {t('register.createLink')}
      </Button>
      {create.isError ? (
        <p className="agent-error" role="alert">
          {errorText(create.error)}
        </p>
      ) : null}
    </form>
  );
}

export const inviteLinkUrl = (code: string, origin: string = window.location.origin) =>
  `${origin}/register?affiliateCode=${encodeURIComponent(code)}`;

function InviteLinks() {
  const { t } = useTranslation('agent');
  const links = useInviteLinks();
  const errorText = useErrorText('agent', 'errors.generic');
  if (links.isError)
    return <ErrorState message={errorText(links.error)} onRetry={() => void links.refetch()} />;
  if (!links.data) return <Spinner label={t('centre.loading')} />;
  if (links.data.list.length === 0) {
    return <Empty title={t('register.noLinks')} hint={t('register.noLinksHint')} />;
  }
  return (
    <section aria-label={t('register.links')}>
      <h3 className="agent-card__title">{t('register.links')}</h3>
      <ul className="agent-contracts">
        {links.data.list.map((row) => (
          <InviteLinkCard key={row.id} row={row} />
        ))}
      </ul>
    </section>
  );
}

function InviteLinkCard({ row }: { row: InviteLinkRow }) {
  const { t, i18n } = useTranslation('agent');
  const url = inviteLinkUrl(row.code);
  const tier = row.offer?.tiers[0];
  return (
    <li className="agent-card agent-invite-link">
      <div className="agent-income__head">
        <strong>{t(`register.types.${row.type}`)}</strong>
        <span className="agent-muted">{formatDateTime(row.createdAt, i18n.language)}</span>
      </div>
      <dl className="agent-stats">
        <div>
          <dt>{t('register.signups')}</dt>
          <dd>{row.signups.toLocaleString(i18n.language)}</dd>
        </div>
        <div>
          <dt>{t('register.conversions')}</dt>
          <dd>{row.conversions.toLocaleString(i18n.language)}</dd>
        </div>
      </dl>
      {row.offer && tier ? (
        <p>
          {t('register.offers', {
            kind: t(`kinds.${row.offer.kind}`),
            cycle: t(`cycles.${row.offer.cycle}`),
          })}{' '}
          {t('contracts.tier', {
            min: tier.min,
            active: tier.minActive,
            rate: (tier.rateBp / 100).toFixed(2),
          })}
        </p>
      ) : null}
      <CopyField label={t('invite.code')} value={row.code} />
      <CopyField label={t('invite.link')} value={url} />
      <QrCode value={url} size={200} margin={20} level="M" title={t('register.linkQr', { code: row.code })} />
    </li>
  );
}
