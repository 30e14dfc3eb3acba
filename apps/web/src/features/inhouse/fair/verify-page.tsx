import type { FairRevealedSeed } from '@platform/contract/client';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClassName, Field, Tabs } from '@/components';
import { apiRequest } from '@/lib/api-client';
import { useFieldErrorText } from '@/lib/error-text';
import { schemaResolver } from '@/lib/form-resolver';
import { diceSeedHash, verifyCrash, verifyDice, type FairResult } from './fair-compute';
import {
  crashVerifyMessages,
  crashVerifySchema,
  diceVerifyMessages,
  diceVerifySchema,
  type CrashVerifyValues,
  type DiceVerifyValues,
} from '../forms/verify-form-schema';
import './fair.css';

type Game = 'dice' | 'crash';

/**
 * /inhouse/fair: anyone, logged in or not, recomputes a dice roll or a crash point in this browser (Web
 * Crypto) from its seeds and sees every step. A round's detail in the betting record links here with its
 * seeds in the address; a dice round's server seed, once its pair was rotated, is fetched by its hash.
 */
export function VerifyPage() {
  const { t } = useTranslation('fair');
  const [params, setParams] = useSearchParams();
  const game: Game = params.get('game') === 'crash' ? 'crash' : 'dice';
  return (
    <section className="fair-page" aria-labelledby="fair-title">
      <header className="fair-page__head">
        <Link to="/inhouse" className={buttonClassName('ghost', 'sm')}>
          {t('back')}
        </Link>
        <h1 id="fair-title">{t('verify.title')}</h1>
      </header>
      <p className="fair-page__intro">{t('verify.intro')}</p>
      <Tabs
        label={t('verify.game')}
        idPrefix="fair"
        tabs={[
          { id: 'dice', label: t('verify.dice') },
          { id: 'crash', label: t('verify.crash') },
        ]}
        activeId={game}
        onChange={(id) => setParams({ game: id }, { replace: true })}
      />
      <div role="tabpanel" aria-labelledby={`fair-tab-${game}`} className="fair-page__panel">
        {game === 'dice' ? <DiceVerify params={params} /> : <CrashVerify params={params} />}
      </div>
    </section>
  );
}

function DiceVerify({ params }: { params: URLSearchParams }) {
  const { t } = useTranslation('fair');
  const fieldText = useFieldErrorText('fair');
  const shownHash = params.get('serverSeedHash');
  const form = useForm<DiceVerifyValues, unknown, DiceVerifyValues>({
    mode: 'onSubmit',
    resolver: schemaResolver(diceVerifySchema, diceVerifyMessages),
    defaultValues: {
      serverSeed: params.get('serverSeed') ?? '',
      clientSeed: params.get('clientSeed') ?? '',
      nonce: params.get('nonce') ?? '',
    },
  });
  const [result, setResult] = useState<FairResult | null>(null);
  const [hashMatches, setHashMatches] = useState<boolean | null>(null);
  const [seedState, setSeedState] = useState<'idle' | 'hidden' | 'failed'>('idle');
  const { errors } = form.formState;

  const run = form.handleSubmit(async (values) => {
    const computed = await verifyDice(values.serverSeed, values.clientSeed, Number(values.nonce));
    setResult(computed);
    setHashMatches(shownHash ? (await diceSeedHash(values.serverSeed)) === shownHash : null);
  });

  // A link from the betting record carries the hash: the seed, once revealed, is public.
  useEffect(() => {
    if (!shownHash || params.get('serverSeed')) return;
    let gone = false;
    apiRequest('inhouseFairSeed', { query: { hash: shownHash } })
      .then((revealed: FairRevealedSeed) => {
        if (gone) return;
        if (revealed.serverSeed) {
          form.setValue('serverSeed', revealed.serverSeed);
          void run();
        } else setSeedState('hidden');
      })
      .catch(() => !gone && setSeedState('failed'));
    return () => {
      gone = true;
    };
    // Once per link.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shownHash]);

  useEffect(() => {
    if (params.get('serverSeed') && params.get('clientSeed') && params.get('nonce')) void run();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <form className="fair-form" onSubmit={(event) => void run(event)} noValidate>
      {shownHash ? (
        <p className="fair-form__hash">
          {t('verify.shownHash')} <code>{shownHash}</code>
        </p>
      ) : null}
      {seedState === 'hidden' ? <p className="fair-form__note">{t('verify.seedHidden')}</p> : null}
      {seedState === 'failed' ? <p className="fair-form__note">{t('verify.seedFailed')}</p> : null}
      <Field
        label={t('verify.serverSeed')}
        autoComplete="off"
        spellCheck={false}
        registration={form.register('serverSeed')}
        error={fieldText(errors.serverSeed)}
      />
      <Field
        label={t('verify.clientSeed')}
        autoComplete="off"
        spellCheck={false}
        registration={form.register('clientSeed')}
        error={fieldText(errors.clientSeed)}
      />
      <Field
        label={t('verify.nonce')}
        inputMode="numeric"
        autoComplete="off"
        registration={form.register('nonce')}
        error={fieldText(errors.nonce)}
      />
      <Button type="submit">{t('verify.run')}</Button>
      {result ? (
        <Steps result={result} label={t('verify.roll')}>
          {hashMatches === null ? null : (
            <p className={hashMatches ? 'fair-match' : 'fair-mismatch'} role="status">
              {hashMatches ? t('verify.hashMatches') : t('verify.hashDiffers')}
            </p>
          )}
        </Steps>
      ) : null}
    </form>
  );
}

function CrashVerify({ params }: { params: URLSearchParams }) {
  const { t } = useTranslation('fair');
  const fieldText = useFieldErrorText('fair');
  const form = useForm<CrashVerifyValues, unknown, CrashVerifyValues>({
    mode: 'onSubmit',
    resolver: schemaResolver(crashVerifySchema, crashVerifyMessages),
    defaultValues: { seed: params.get('seed') ?? '', salt: params.get('salt') ?? '' },
  });
  const [result, setResult] = useState<FairResult | null>(null);
  const { errors } = form.formState;
  const run = form.handleSubmit(async (values) => setResult(await verifyCrash(values.seed, values.salt)));
  useEffect(() => {
    if (params.get('seed') && params.get('salt')) void run();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <form className="fair-form" onSubmit={(event) => void run(event)} noValidate>
      <Field
        label={t('verify.seed')}
        autoComplete="off"
        spellCheck={false}
        registration={form.register('seed')}
        error={fieldText(errors.seed)}
      />
      <Field
        label={t('verify.salt')}
        autoComplete="off"
        spellCheck={false}
        registration={form.register('salt')}
        error={fieldText(errors.salt)}
      />
      <Button type="submit">{t('verify.run')}</Button>
      {result ? <Steps result={result} label={t('verify.crashPoint')} /> : null}
    </form>
  );
}

function Steps({ result, label, children }: { result: FairResult; label: string; children?: ReactNode }) {
  const { t } = useTranslation('fair');
  return (
    <section className="fair-result" aria-live="polite" aria-label={t('verify.result')}>
      <p className="fair-result__value">
        {label}: <strong data-testid="fair-result">{result.result}</strong>
      </p>
      {children}
      <ol className="fair-steps">
        {result.steps.map((step) => (
          <li key={step.name}>
            <span className="fair-steps__name">{t(`verify.step.${step.name}`)}</span>
            <code className="fair-steps__value">{step.value}</code>
          </li>
        ))}
      </ol>
    </section>
  );
}
