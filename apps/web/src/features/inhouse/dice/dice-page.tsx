import {
  formatMoney,
  parseMoney,
  type DiceDirectionName,
  type DiceInfo,
  type DiceRotation,
  type DiceRound,
} from '@platform/contract/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClassName, Field, Spinner } from '@/components';
import { useSession } from '@/features/auth';
import { useMoneyFormat } from '@/features/system';
import { balanceQueryOptions, useBalance } from '@/features/wallet';
import { useErrorText } from '@/lib/error-text';
import { InhouseGameBody, InhouseGamePage, type PlayMode } from '../shared/inhouse-game-page';
import { usePlayMoney } from '../shared/play-money';
import {
  betDice,
  diceChanceText,
  diceInfoQueryOptions,
  diceKeys,
  dicePayoutText,
  diceRoundsQueryOptions,
  diceSeedQueryOptions,
  diceVerifyHref,
  freeBetDice,
  rotateDiceSeed,
  type DiceBetInput,
} from './dice-api';
import './dice.css';

const MONEY_TEXT = /^\d{1,9}(\.\d{1,2})?$/;
const CLIENT_SEED = /^[A-Za-z0-9_.-]{1,64}$/;

/**
 * /inhouse/dice: provably fair dice. A member bets real money with their seed pair (the server seed's
 * hash shown, the client seed theirs to set, the nonce counting bets) and may rotate it to reveal the
 * seed; a visitor or a trial account plays for free with play money the page keeps (FREEPLAY3), marked.
 */
export function DicePage() {
  const info = useQuery(diceInfoQueryOptions());
  return (
    <InhouseGamePage game="dice" info={info} freePlay={(data) => data.freePlay} verifiable>
      {(data, mode) => <DiceTable key={mode} info={data} mode={mode} />}
    </InhouseGamePage>
  );
}

function DiceTable({ info, mode }: { info: DiceInfo; mode: PlayMode }) {
  const { t } = useTranslation('dice');
  const money = useMoneyFormat();
  const errorText = useErrorText('dice');
  const queryClient = useQueryClient();
  const { token } = useSession();
  const realBalance = useBalance().data?.sumBalance;
  const play = usePlayMoney(mode === 'free' ? info.freePlayBalance : undefined);
  const [bet, setBet] = useState(info.minBet);
  const [target, setTarget] = useState(5000);
  const [direction, setDirection] = useState<DiceDirectionName>('under');
  const [last, setLast] = useState<DiceRound | null>(null);
  const [freeRounds, setFreeRounds] = useState<DiceRound[]>([]);
  const rounds = useQuery(diceRoundsQueryOptions(mode === 'real' ? token : null));
  const betValid = MONEY_TEXT.test(bet);
  const chance = diceChanceText(target, direction);
  const payout = dicePayoutText(target, direction, info.edge);
  const chanceValid =
    Number(chance) >= Number(info.minChance) && Number(chance) <= Number(info.maxChance) && payout !== null;

  const roll = useMutation({
    mutationFn: async (input: DiceBetInput) => {
      if (mode === 'free') return freeBetDice(input);
      return betDice(input, crypto.randomUUID().replace(/-/g, ''));
    },
    onSuccess: (round) => {
      setLast(round);
      if (mode === 'free') {
        play.change(parseMoney(round.win) - parseMoney(round.bet));
        setFreeRounds((previous) => [round, ...previous].slice(0, 20));
        return;
      }
      if (round.balance !== null) {
        queryClient.setQueryData(balanceQueryOptions(token).queryKey, {
          sumBalance: round.balance,
          demo: false,
        });
      }
      void queryClient.invalidateQueries({ queryKey: diceKeys.seed(token) });
      void queryClient.invalidateQueries({ queryKey: diceKeys.rounds(token) });
    },
  });

  const balance =
    mode === 'real' ? realBalance : play.balance === null ? undefined : formatMoney(play.balance);
  const tooPoor = mode === 'free' && betValid && play.balance !== null && play.balance < parseMoney(bet);
  const shownRounds = mode === 'free' ? freeRounds : (rounds.data ?? []);

  const side = (
    <aside className="inhouse-game__panel dice-side">
      {mode === 'real' ? <SeedPanel /> : null}
      <h2>{t('recent')}</h2>
      {shownRounds.length === 0 ? (
        <p>{t('noRounds')}</p>
      ) : (
        <ol className="dice-rounds">
          {shownRounds.map((round) => (
            <li key={`${round.serverSeedHash}-${round.nonce}-${round.playedAt}`}>
              <span className={round.won ? 'dice-rounds__won' : ''}>{round.roll}</span>{' '}
              <span>
                {t(`dir.${round.direction}`, { target: round.target })} · {money(round.win)}
              </span>{' '}
              <Link to={diceVerifyHref(round)}>{t('verify')}</Link>
            </li>
          ))}
        </ol>
      )}
    </aside>
  );

  return (
    <InhouseGameBody mode={mode} freeBadge={t('free.badge')} tableClassName="dice-table" side={side}>
      <p className="dice-balance">
        {mode === 'free' ? t('free.balance') : t('balance')}:{' '}
        <strong data-testid="dice-balance">{balance === undefined ? '…' : money(balance)}</strong>
        {mode === 'free' && play.balance !== null && play.balance < parseMoney(info.minBet) ? (
          <Button variant="ghost" size="sm" onClick={play.reset}>
            {t('free.reset')}
          </Button>
        ) : null}
      </p>
      <p className="dice-edge">{t('edgeLine', { edge: info.edge })}</p>
      <div className="dice-result" aria-live="polite">
        {last ? (
          <>
            <span
              className={`dice-result__roll${last.won ? ' dice-result__roll--won' : ''}`}
              data-testid="dice-roll"
            >
              {last.roll}
            </span>
            <span>{last.won ? t('won', { win: money(last.win) }) : t('lost')}</span>
          </>
        ) : (
          <span>{t('ready')}</span>
        )}
      </div>
      <label className="dice-target">
        <span>{t('target', { target: (target / 100).toFixed(2) })}</span>
        <input
          type="range"
          min={0}
          max={10000}
          step={1}
          value={target}
          aria-valuetext={(target / 100).toFixed(2)}
          onChange={(event) => setTarget(Number(event.target.value))}
        />
      </label>
      <div className="dice-direction" role="radiogroup" aria-label={t('direction')}>
        {(['under', 'over'] as const).map((value) => (
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={direction === value}
            className={buttonClassName(direction === value ? 'primary' : 'ghost', 'sm')}
            onClick={() => setDirection(value)}
          >
            {t(`dir.${value}`, { target: (target / 100).toFixed(2) })}
          </button>
        ))}
      </div>
      <dl className="dice-terms">
        <div>
          <dt>{t('chance')}</dt>
          <dd data-testid="dice-chance">{chance}%</dd>
        </div>
        <div>
          <dt>{t('payout')}</dt>
          <dd data-testid="dice-payout">{payout ? `${payout}×` : '—'}</dd>
        </div>
      </dl>
      {!chanceValid ? (
        <p className="dice-error" role="alert">
          {t('chanceBounds', { min: info.minChance, max: info.maxChance })}
        </p>
      ) : null}
      <Field
        label={t('bet')}
        inputMode="decimal"
        value={bet}
        onChange={(event) => setBet(event.target.value.trim())}
        error={betValid ? null : t('betInvalid')}
        hint={t('limits', { min: money(info.minBet), max: money(info.maxBet) })}
      />
      {roll.isError ? (
        <p className="dice-error" role="alert">
          {errorText(roll.error)}
        </p>
      ) : null}
      <Button
        disabled={!betValid || !chanceValid || roll.isPending || tooPoor}
        onClick={() => roll.mutate({ bet, target: (target / 100).toFixed(2), direction })}
      >
        {roll.isPending ? t('rolling') : mode === 'free' ? t('rollFree') : t('roll')}
      </Button>
    </InhouseGameBody>
  );
}

/** The member's seed pair: the server seed's hash, the client seed to set, the nonce; rotation reveals. */
function SeedPanel() {
  const { t } = useTranslation('dice');
  const errorText = useErrorText('dice');
  const queryClient = useQueryClient();
  const { token } = useSession();
  const pair = useQuery(diceSeedQueryOptions(token));
  const [clientSeed, setClientSeed] = useState('');
  const [revealed, setRevealed] = useState<DiceRotation['revealed'] | null>(null);
  const seedValid = clientSeed === '' || CLIENT_SEED.test(clientSeed);
  const rotate = useMutation({
    mutationFn: () => rotateDiceSeed(clientSeed || undefined),
    onSuccess: (rotation) => {
      setRevealed(rotation.revealed);
      setClientSeed('');
      queryClient.setQueryData(diceKeys.seed(token), rotation.current);
      void queryClient.invalidateQueries({ queryKey: diceKeys.rounds(token) });
    },
  });
  return (
    <section className="dice-seeds" aria-labelledby="dice-seeds-title">
      <h2 id="dice-seeds-title">{t('seeds.title')}</h2>
      {pair.data ? (
        <dl className="dice-seeds__pair">
          <div>
            <dt>{t('seeds.serverSeedHash')}</dt>
            <dd data-testid="dice-seed-hash">{pair.data.serverSeedHash}</dd>
          </div>
          <div>
            <dt>{t('seeds.clientSeed')}</dt>
            <dd>{pair.data.clientSeed}</dd>
          </div>
          <div>
            <dt>{t('seeds.nonce')}</dt>
            <dd>{pair.data.nonce}</dd>
          </div>
        </dl>
      ) : (
        <Spinner label={t('loading')} />
      )}
      <Field
        label={t('seeds.newClientSeed')}
        value={clientSeed}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => setClientSeed(event.target.value.trim())}
        error={seedValid ? null : t('seeds.clientSeedInvalid')}
        hint={t('seeds.rotateHint')}
      />
      {rotate.isError ? (
        <p className="dice-error" role="alert">
          {errorText(rotate.error)}
        </p>
      ) : null}
      <Button variant="ghost" disabled={!seedValid || rotate.isPending} onClick={() => rotate.mutate()}>
        {t('seeds.rotate')}
      </Button>
      {revealed ? (
        <div className="dice-seeds__revealed" role="status">
          <p>{t('seeds.revealed', { count: revealed.nonce })}</p>
          <code data-testid="dice-revealed-seed">{revealed.serverSeed}</code>
          <p>{t('seeds.hashWas', { hash: revealed.serverSeedHash })}</p>
          {revealed.nonce > 0 ? (
            <Link
              to={diceVerifyHref({
                serverSeed: revealed.serverSeed,
                serverSeedHash: revealed.serverSeedHash,
                clientSeed: revealed.clientSeed,
                nonce: revealed.nonce - 1,
              })}
            >
              {t('seeds.verifyLast')}
            </Link>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
