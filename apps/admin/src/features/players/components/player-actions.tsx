import { zodResolver } from '@hookform/resolvers/zod';
import type { Player360 } from '@platform/contract';
import type { CallName } from '@platform/contract/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type FieldValues, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { Field } from '@/components/field';
import { isContractCall, mayCall } from '@/lib/access';
import { apiRequest } from '@/lib/api-client';
import { useStaffSession } from '@/lib/session';
import { playerKey } from '../api/players';
import { actionFormSchemas, type ActionFormKind } from '../forms/schemas';
import { errorWithCode } from '../lib/error';
import { useMoney } from '../lib/money';
import { Dialog } from './dialog';

type Profile = Player360['profile'];
type FormKind = ActionFormKind;

export interface PlayerAction {
  id: string;
  /** the contract's call, by name: an action is offered only once the contract has it (checked at run time) */
  call: string;
  form: FormKind;
  /** whether it applies to the member as they are now (unlock only when locked, ...) */
  applies: (profile: Profile) => boolean;
}

export const playerActions: readonly PlayerAction[] = [
  { id: 'lock', call: 'adminPlayerLock', form: 'reason', applies: (p) => !p.locked },
  { id: 'unlock', call: 'adminPlayerUnlock', form: 'reason', applies: (p) => p.locked },
  {
    id: 'bettingSuspend',
    call: 'adminPlayerBettingSuspend',
    form: 'reason',
    applies: (p) => !p.bettingSuspended,
  },
  {
    id: 'bettingResume',
    call: 'adminPlayerBettingResume',
    form: 'reason',
    applies: (p) => p.bettingSuspended,
  },
  {
    id: 'withdrawalsSuspend',
    call: 'adminPlayerWithdrawalsSuspend',
    form: 'reason',
    applies: (p) => !p.withdrawalsSuspended,
  },
  {
    id: 'withdrawalsResume',
    call: 'adminPlayerWithdrawalsResume',
    form: 'reason',
    applies: (p) => p.withdrawalsSuspended,
  },
  { id: 'logout', call: 'adminPlayerLogout', form: 'reason', applies: () => true },
  { id: 'passwordReset', call: 'adminPlayerPasswordReset', form: 'reason', applies: () => true },
  { id: 'bonus', call: 'adminPlayerBonus', form: 'bonus', applies: () => true },
  { id: 'move', call: 'adminPlayerMove', form: 'move', applies: () => true },
  { id: 'adjust', call: 'adminAdjustBalance', form: 'adjust', applies: () => true },
];

/** The actions a staff member with these roles may take on this member, as the contract has them. */
export function availableActions(roles: Parameters<typeof mayCall>[0], profile: Profile): PlayerAction[] {
  return playerActions.filter(
    (action) => isContractCall(action.call) && mayCall(roles, action.call) && action.applies(profile),
  );
}

const newRequestId = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;

/** What the answer says, in a sentence (a decision waiting for a second member of staff says so). */
function useOutcome() {
  const { t } = useTranslation();
  const money = useMoney();
  return (action: PlayerAction, answer: Record<string, unknown>): { text: string; waiting: boolean } => {
    const approval = answer.approval as { id: string } | null | undefined;
    if (approval) {
      return { text: t('players.actions.waiting', { id: approval.id }), waiting: true };
    }
    switch (action.form) {
      case 'bonus':
        return {
          text: t('players.actions.outcome.bonus', {
            amount: money(String(answer.amount)),
            turnover: money(String(answer.turnoverRequired)),
          }),
          waiting: false,
        };
      case 'adjust':
        return { text: t('players.actions.outcome.adjust'), waiting: false };
      case 'move':
        return {
          text: t('players.actions.outcome.move', {
            from: (answer.from as string | null) ?? t('players.agent.none'),
            to: (answer.to as string | null) ?? t('players.agent.none'),
            count: (answer.endedContracts as string[] | undefined)?.length ?? 0,
          }),
          waiting: false,
        };
      default:
        if (action.id === 'passwordReset') {
          return { text: t(`players.actions.outcome.reset.${String(answer.channel)}`), waiting: false };
        }
        if (typeof answer.endedSessions === 'number') {
          return {
            text: t('players.actions.outcome.done', { count: answer.endedSessions }),
            waiting: false,
          };
        }
        return { text: t('players.actions.outcome.plain'), waiting: false };
    }
  };
}

function ActionDialog({
  action,
  profile,
  onClose,
}: {
  action: PlayerAction;
  profile: Profile;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const queryClient = useQueryClient();
  const outcomeOf = useOutcome();
  const [step, setStep] = useState<'form' | 'confirm' | 'done'>('form');
  const [values, setValues] = useState<FieldValues | null>(null);
  // One id per dialog: confirming twice (a retry after a lost answer) grants or adjusts once.
  const [requestId] = useState(newRequestId);
  const [outcome, setOutcome] = useState<{ text: string; waiting: boolean } | null>(null);
  const defaults: FieldValues =
    action.form === 'bonus'
      ? { amount: '', turnoverMultiple: 1, reason: '' }
      : action.form === 'move'
        ? { upline: '', reason: '' }
        : action.form === 'adjust'
          ? { amount: '', reason: '' }
          : { reason: '' };
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FieldValues>({
    resolver: zodResolver(actionFormSchemas[action.form] as never) as Resolver<FieldValues>,
    defaultValues: defaults,
  });
  const send = useMutation({
    mutationFn: (body: FieldValues) => {
      const withId = action.form === 'bonus' || action.form === 'adjust' ? { ...body, requestId } : body;
      return apiRequest(
        action.call as CallName,
        {
          params: { account: profile.account },
          body: withId,
        } as never,
      ) as Promise<Record<string, unknown>>;
    },
    onSuccess: async (answer) => {
      setOutcome(outcomeOf(action, answer));
      setStep('done');
      await queryClient.invalidateQueries({ queryKey: playerKey(profile.account) });
    },
  });

  const title = t(`players.actions.${action.id}.title`, { username: profile.username });
  const fieldError = (name: string) => (errors[name] ? t(`players.validation.${name}`) : undefined);

  return (
    <Dialog title={title} onClose={onClose}>
      <p className="muted">{t(`players.actions.${action.id}.help`)}</p>
      {step === 'form' ? (
        <form
          noValidate
          onSubmit={handleSubmit((next) => {
            setValues(next);
            setStep('confirm');
          })}
        >
          {action.form === 'bonus' || action.form === 'adjust' ? (
            <Field
              label={t(
                action.form === 'adjust'
                  ? 'players.actions.fields.signedAmount'
                  : 'players.actions.fields.amount',
              )}
              hint={t(
                action.form === 'adjust'
                  ? 'players.actions.fields.signedAmountHint'
                  : 'players.actions.fields.amountHint',
              )}
              inputMode="decimal"
              autoComplete="off"
              error={fieldError('amount')}
              {...register('amount')}
            />
          ) : null}
          {action.form === 'bonus' ? (
            <Field
              label={t('players.actions.fields.turnoverMultiple')}
              hint={t('players.actions.fields.turnoverMultipleHint')}
              type="number"
              min={0}
              max={100}
              step="any"
              error={fieldError('turnoverMultiple')}
              {...register('turnoverMultiple', { valueAsNumber: true })}
            />
          ) : null}
          {action.form === 'move' ? (
            <Field
              label={t('players.actions.fields.upline')}
              hint={t('players.actions.fields.uplineHint')}
              inputMode="numeric"
              autoComplete="off"
              error={fieldError('upline')}
              {...register('upline')}
            />
          ) : null}
          <Field
            label={t('players.actions.fields.reason')}
            hint={t('players.actions.fields.reasonHint')}
            required
            aria-required="true"
            autoComplete="off"
            maxLength={500}
            error={fieldError('reason')}
            {...register('reason')}
          />
          <div className="dialog__buttons">
            <Button type="submit">{t('players.actions.continue')}</Button>
            <Button variant="secondary" onClick={onClose}>
              {t('players.actions.cancel')}
            </Button>
          </div>
        </form>
      ) : null}
      {step === 'confirm' && values ? (
        <div>
          <p>
            {t(`players.actions.${action.id}.confirm`, {
              username: profile.username,
              account: profile.account,
            })}
          </p>
          <dl className="facts">
            {'amount' in values ? (
              <div className="facts__row">
                <dt>{t('players.actions.fields.amount')}</dt>
                <dd>{money(String(values.amount))}</dd>
              </div>
            ) : null}
            {'turnoverMultiple' in values ? (
              <div className="facts__row">
                <dt>{t('players.actions.fields.turnoverMultiple')}</dt>
                <dd>{String(values.turnoverMultiple)}</dd>
              </div>
            ) : null}
            {'upline' in values ? (
              <div className="facts__row">
                <dt>{t('players.actions.fields.upline')}</dt>
                <dd>{(values.upline as string | null) ?? t('players.agent.none')}</dd>
              </div>
            ) : null}
            <div className="facts__row">
              <dt>{t('players.actions.fields.reason')}</dt>
              <dd>{String(values.reason)}</dd>
            </div>
          </dl>
          {send.error ? (
            <p role="alert" className="error">
              {errorWithCode(t, send.error)}
            </p>
          ) : null}
          <div className="dialog__buttons">
            <Button onClick={() => send.mutate(values)} disabled={send.isPending}>
              {send.isPending ? t('players.working') : t('players.actions.confirm')}
            </Button>
            <Button variant="secondary" onClick={() => setStep('form')} disabled={send.isPending}>
              {t('players.confirm.back')}
            </Button>
          </div>
        </div>
      ) : null}
      {step === 'done' && outcome ? (
        <div>
          <p role="status" className={outcome.waiting ? 'notice notice--waiting' : 'notice'}>
            {outcome.text}
          </p>
          <div className="dialog__buttons">
            <Button onClick={onClose}>{t('players.actions.close')}</Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}

/**
 * Players -> Actions: each action the contract has and the staff member's roles allow, for the member
 * as they are now; each opens a dialog asking a reason, then a confirmation, and refreshes the 360 after.
 */
export function PlayerActions({ player }: { player: Player360 }) {
  const { t } = useTranslation();
  const session = useStaffSession();
  const [open, setOpen] = useState<PlayerAction | null>(null);
  const actions = availableActions(session?.roles ?? [], player.profile);
  if (actions.length === 0) return null;
  return (
    <section className="actions" aria-labelledby="actions-heading">
      <h2 id="actions-heading" className="actions__heading">
        {t('players.actions.heading')}
      </h2>
      <ul className="actions__list">
        {actions.map((action) => (
          <li key={action.id}>
            <Button variant="secondary" onClick={() => setOpen(action)}>
              {t(`players.actions.${action.id}.label`)}
            </Button>
          </li>
        ))}
      </ul>
      {open ? <ActionDialog action={open} profile={player.profile} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
