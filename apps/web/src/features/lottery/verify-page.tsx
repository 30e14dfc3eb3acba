import { drawFromSeed, seedCommitment, type LotteryDrawSpec } from '@platform/contract/client';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ErrorState, Spinner } from '@/components';
import { useErrorText } from '@/lib/error-text';
import { useLotteryGame, useLotteryPeriod } from './api/lottery-api';
import './lottery.css';

interface Check {
  hashMatches: boolean;
  draw: number[];
  drawMatches: boolean;
}

/**
 * /lottery/verify?gameCode=&periodNo=: recomputes a draw in the browser from the seed the server
 * revealed (the same function the server draws with, contract lottery-draw.ts) and checks it against
 * the hash published at cut-off, before any result was known.
 */
export function LotteryVerifyPage() {
  const { t } = useTranslation('lottery');
  const errorText = useErrorText('lottery');
  const [search] = useSearchParams();
  const gameCode = search.get('gameCode') ?? '';
  const periodNo = search.get('periodNo') ?? '';
  const game = useLotteryGame(gameCode || null);
  const period = useLotteryPeriod(gameCode, periodNo);
  const [check, setCheck] = useState<Check | null>(null);
  const spec = game.data?.drawSpec as LotteryDrawSpec | undefined;
  const value = period.data;

  useEffect(() => {
    let live = true;
    if (!spec || !value?.seed || !value.seedHash) return;
    const { seed, seedHash, draw } = value;
    void (async () => {
      const [hash, recomputed] = await Promise.all([seedCommitment(seed), drawFromSeed(spec, seed)]);
      if (!live) return;
      setCheck({
        hashMatches: hash === seedHash,
        draw: recomputed,
        drawMatches: JSON.stringify(recomputed) === JSON.stringify(draw),
      });
    })();
    return () => {
      live = false;
    };
  }, [spec, value]);

  let body;
  if (period.isPending || game.isPending) body = <Spinner label={t('loading')} />;
  else if (period.isError)
    body = <ErrorState message={errorText(period.error)} onRetry={() => void period.refetch()} />;
  else if (!value?.seed) body = <p>{t('verify.notYet')}</p>;
  else
    body = (
      <dl className="lottery-verify__facts">
        <dt>{t('verify.committedAt')}</dt>
        <dd>{value.committedAt}</dd>
        <dt>{t('verify.seedHash')}</dt>
        <dd className="mono">{value.seedHash}</dd>
        <dt>{t('verify.seed')}</dt>
        <dd className="mono">{value.seed}</dd>
        <dt>{t('verify.published')}</dt>
        <dd>{value.draw?.join(' ')}</dd>
        <dt>{t('verify.recomputed')}</dt>
        <dd data-testid="verify-recomputed">{check ? check.draw.join(' ') : '…'}</dd>
        <dt>{t('verify.outcome')}</dt>
        <dd role="status">
          {check
            ? check.hashMatches && check.drawMatches
              ? t('verify.ok')
              : t('verify.mismatch')
            : t('verify.running')}
        </dd>
      </dl>
    );
  return (
    <section className="lottery-page" aria-labelledby="lottery-verify-title">
      <Link to={`/lottery?gameCode=${encodeURIComponent(gameCode)}`}>{t('verify.back')}</Link>
      <h1 id="lottery-verify-title">{t('verify.title', { gameCode, periodNo })}</h1>
      <p>{t('verify.intro')}</p>
      {body}
    </section>
  );
}
