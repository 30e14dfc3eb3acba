import type { AgentContract, AgentContractKind, AgentCycle } from '@platform/contract/client';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Empty, ErrorState, Spinner } from '@/components';
import { useErrorText, useFieldErrorText } from '@/lib/error-text';
import { schemaResolver } from '@/lib/form-resolver';
import { formatDateTime } from '@/lib/dates';
import { useDecideContract, useOfferContract, previewContract } from '../api/contract-actions';
import { useContracts } from '../api/get-contracts';
import { useTeamMembers } from '../api/get-team-members';
import { OfferTermsFields } from '../components/offer-terms-fields';
import { isDividendCycle, offerFormSchema, type OfferFormValues } from '../forms/offer-schema';
import { RevenueReportPage } from './revenue-report-page';

/**
 * A contract kind's page (dividend, daily wages, hourly salary, real-time salary): the agent's contract
 * with its upline and pending offers, the contracts it gave its downlines, an offer form, and every
 * settled period with the figures behind it.
 */
export function ContractPage({ kind }: { kind: AgentContractKind }) {
  const { t } = useTranslation('agent');
  const contracts = useContracts();
  const errorText = useErrorText('agent', 'errors.generic');
  if (contracts.isError) {
    return <ErrorState message={errorText(contracts.error)} onRetry={() => void contracts.refetch()} />;
  }
  if (!contracts.data) return <Spinner label={t('centre.loading')} />;
  const mine = contracts.data.asDownline.filter((row) => row.kind === kind);
  const given = contracts.data.asUpline.filter((row) => row.kind === kind);
  const active = mine.find((row) => row.status === 'active');
  return (
    <div className="agent-page agent-page--wide">
      <section aria-label={t('contracts.mine')}>
        <h3 className="agent-card__title">{t('contracts.mine')}</h3>
        {mine.length === 0 ? (
          <Empty title={t('contracts.noneMine')} hint={t('contracts.noneMineHint')} />
        ) : (
          <ContractList rows={mine} side="downline" />
        )}
      </section>
      <section aria-label={t('contracts.given')}>
        <h3 className="agent-card__title">{t('contracts.given')}</h3>
        {given.length === 0 ? (
          <p className="agent-muted">{t('contracts.noneGiven')}</p>
        ) : (
          <ContractList rows={given} side="upline" />
        )}
        {active ? <OfferForm kind={kind} ownCycle={active.cycle} /> : null}
      </section>
      <section aria-label={t('contracts.periods')}>
        <h3 className="agent-card__title">{t('contracts.periods')}</h3>
        <RevenueReportPage kind={kind} />
      </section>
    </div>
  );
}

function ContractList({ rows, side }: { rows: AgentContract[]; side: 'upline' | 'downline' }) {
  const { t, i18n } = useTranslation('agent');
  const decide = useDecideContract();
  const errorText = useErrorText('agent', 'errors.generic');
  const [ending, setEnding] = useState<{ id: string; names: string[] } | null>(null);
  const accept = async (row: AgentContract) => {
    const preview = await previewContract(row.id);
    if (preview.wouldTerminate.length > 0) {
      setEnding({ id: row.id, names: preview.wouldTerminate.map((item) => item.downline) });
      return;
    }
    decide.mutate({ id: row.id, action: 'accept' });
  };
  return (
    <>
      <ul className="agent-contracts">
        {rows.map((row) => (
          <li key={row.id} className="agent-card">
            <div className="agent-income__head">
              <strong>{side === 'downline' ? (row.upline ?? t('contracts.operator')) : row.downline}</strong>
              <span>{t(`cycles.${row.cycle}`)}</span>
              <span className={`agent-status agent-status--${row.status}`}>{t(`status.${row.status}`)}</span>
            </div>
            <ul className="agent-tiers" aria-label={t('contracts.tiers')}>
              {row.tiers.map((tier, index) => (
                <li key={index}>
                  {t('contracts.tier', {
                    min: tier.min,
                    active: tier.minActive,
                    rate: (tier.rateBp / 100).toFixed(2),
                  })}
                </li>
              ))}
            </ul>
            <p className="agent-muted">
              {t('contracts.offeredAt', { at: formatDateTime(row.offeredAt, i18n.language) })}
              {row.effectiveFrom
                ? ` · ${t('contracts.effectiveFrom', { at: formatDateTime(row.effectiveFrom, i18n.language) })}`
                : ''}
              {row.terminationReason
                ? ` · ${t(`reasons.${row.terminationReason}`, { defaultValue: row.terminationReason })}`
                : ''}
            </p>
            <div className="agent-actions">
              {side === 'downline' && row.status === 'offered' ? (
                <>
                  <Button size="sm" disabled={decide.isPending} onClick={() => void accept(row)}>
                    {t('contracts.accept')}
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={decide.isPending}
                    onClick={() => decide.mutate({ id: row.id, action: 'reject' })}
                  >
                    {t('contracts.reject')}
                  </Button>
                </>
              ) : null}
              {row.status === 'active' || (side === 'upline' && row.status === 'offered') ? (
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={decide.isPending}
                  onClick={() => decide.mutate({ id: row.id, action: 'terminate' })}
                >
                  {t('contracts.terminate')}
                </Button>
              ) : null}
            </div>
            {ending?.id === row.id ? (
              <div role="alertdialog" aria-label={t('contracts.confirmTitle')} className="agent-confirm">
                <p>{t('contracts.wouldEnd', { names: ending.names.join(', ') })}</p>
                <Button
                  size="sm"
                  onClick={() => {
                    decide.mutate({ id: row.id, action: 'accept' });
                    setEnding(null);
                  }}
                >
                  {t('contracts.acceptAnyway')}
                </Button>
                <Button size="sm" variant="secondary" onClick={() => setEnding(null)}>
                  {t('contracts.cancel')}
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {decide.isError ? (
        <p className="agent-error" role="alert">
          {errorText(decide.error)}
        </p>
      ) : null}
    </>
  );
}

/** A dividend offered below the agent's own is settled on the agent's own cycle (ADR 093). */
function OfferForm({ kind, ownCycle }: { kind: AgentContractKind; ownCycle: AgentCycle }) {
  const { t } = useTranslation('agent');
  const offer = useOfferContract();
  const errorText = useErrorText('agent', 'errors.generic');
  const fieldError = useFieldErrorText('agent');
  const downlines = useTeamMembers({ pageNo: 1, pageSize: 100 });
  const agents = (downlines.data?.list ?? []).filter((row) => row.isAgent);
  const cycle = isDividendCycle(ownCycle) ? ownCycle : 'monthly';
  const form = useForm<OfferFormValues, unknown, ReturnType<ReturnType<typeof offerFormSchema>['parse']>>({
    defaultValues: { downline: '', cycle, min: '0', minActive: '0', rate: '' },
    resolver: schemaResolver(offerFormSchema(kind), {}),
  });
  const errors = form.formState.errors;
  if (agents.length === 0) return <p className="agent-muted">{t('offer.noAgents')}</p>;
  return (
    <form
      className="agent-card agent-offer"
      aria-label={t('offer.title')}
      onSubmit={form.handleSubmit((body) => offer.mutate(body, { onSuccess: () => form.reset() }))}
    >
      <h4 className="agent-card__title">{t('offer.title')}</h4>
      <label className="agent-select">
        <span>{t('offer.downline')}</span>
        <select {...form.register('downline')} aria-invalid={errors.downline ? true : undefined}>
          <option value="">{t('offer.choose')}</option>
          {agents.map((row) => (
            <option key={row.publicId} value={row.publicId}>
              {row.username}
            </option>
          ))}
        </select>
        {errors.downline ? <span className="agent-error">{fieldError(errors.downline)}</span> : null}
      </label>
      <OfferTermsFields
        kind={kind}
        cycles={[cycle]}
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
      <Button type="submit" disabled={offer.isPending}>
        {t('offer.send')}
      </Button>
      {offer.isError ? (
        <p className="agent-error" role="alert">
          {errorText(offer.error)}
        </p>
      ) : null}
      {offer.isSuccess ? <p role="status">{t('offer.sent')}</p> : null}
    </form>
  );
}
