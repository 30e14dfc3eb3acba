import type { RecordedRoundDetail } from '@platform/contract/client';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMoneyFormat } from '@/features/system';

type Detail<K extends RecordedRoundDetail['kind']> = Extract<RecordedRoundDetail, { kind: K }>;
type Fairness = NonNullable<Detail<'slot'>['fairness']>;

const RED_POCKETS = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
const pocketColour = (pocket: number): 'red' | 'black' | 'green' =>
  pocket === 0 ? 'green' : RED_POCKETS.has(pocket) ? 'red' : 'black';

const SUITS: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };
/** 'AS' as 'A♠', with the suit's name for screen readers in the cell's label. */
const cardText = (card: string) => `${card.slice(0, -1)}${SUITS[card.slice(-1)] ?? card.slice(-1)}`;

/** A vendor's words for a symbol ('mango', 'seven'), shown as they came, capitalised. */
const symbolText = (symbol: string) => symbol.charAt(0).toUpperCase() + symbol.slice(1);

/**
 * What happened in a round, as the vendor told it: the reels, the ball, the hands, the catches, the
 * slip, the roll or the crash point, with the fairness proof where the game gives one. A kind this page
 * does not know, or no detail at all, is said in words.
 */
export function RoundDetailView({
  detail,
  ownGame = false,
}: {
  detail: RecordedRoundDetail | null;
  /** one of our own games (INHOUSE): its proof links to our verification page */
  ownGame?: boolean;
}) {
  const { t } = useTranslation('records');
  if (!detail) return <p className="records-detail__plain">{t('detail.none')}</p>;
  switch (detail.kind) {
    case 'slot':
      return <SlotDetail detail={detail} />;
    case 'roulette':
      return <RouletteDetail detail={detail} />;
    case 'cards':
      return <CardsDetail detail={detail} />;
    case 'fish':
      return <FishDetail detail={detail} />;
    case 'sports':
      return <SportsDetail detail={detail} />;
    case 'dice':
      return <DiceDetail detail={detail} ownGame={ownGame} />;
    case 'crash':
      return <CrashDetail detail={detail} ownGame={ownGame} />;
    case 'text':
      return (
        <dl className="records-pairs">
          {detail.lines.map((line, index) => (
            <div key={index}>
              <dt>{line.label}</dt>
              <dd>{line.value}</dd>
            </div>
          ))}
        </dl>
      );
    default:
      return <p className="records-detail__plain">{t('detail.unknown')}</p>;
  }
}

function SlotDetail({ detail }: { detail: Detail<'slot'> }) {
  const { t } = useTranslation('records');
  const money = useMoneyFormat();
  const rows = Math.max(...detail.reels.map((reel) => reel.length));
  return (
    <>
      <table className="records-reels">
        <caption>{t('detail.slot.reels')}</caption>
        <thead>
          <tr>
            {detail.reels.map((_, reel) => (
              <th key={reel} scope="col">
                {t('detail.slot.reel', { number: reel + 1 })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: rows }, (_, row) => (
            <tr key={row}>
              {detail.reels.map((reel, index) => (
                <td key={index}>{reel[row] === undefined ? '' : symbolText(reel[row])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {detail.lines && detail.lines.length > 0 ? (
        <ul className="records-list">
          {detail.lines.map((line, index) => (
            <li key={index}>
              {t('detail.slot.line', {
                line: line.line,
                symbols: line.symbols.split(' ').map(symbolText).join(' '),
                pays: money(line.pays),
              })}
            </li>
          ))}
        </ul>
      ) : (
        <p className="records-detail__plain">{t('detail.slot.noLine')}</p>
      )}
      {detail.scatter ? (
        <p className="records-detail__plain">
          {t('detail.slot.scatter', { count: detail.scatter.count, pays: money(detail.scatter.pays) })}
        </p>
      ) : null}
      {detail.free_spins ? (
        <>
          <p className="records-detail__plain">
            {t('detail.slot.freeSpins', {
              count: detail.free_spins.played,
              multiplier: detail.free_spins.multiplier,
              pays: money(detail.free_spins.pays),
            })}
          </p>
          <ol className="records-list">
            {detail.free_spins.spins.map((spin, index) => (
              <li key={index}>
                {t('detail.slot.freeSpin', {
                  symbols: spin.reels.map((reel) => reel.map(symbolText).join(' / ')).join(' | '),
                  pays: money(spin.pays),
                })}
              </li>
            ))}
          </ol>
        </>
      ) : null}
      <FairnessProof fairness={detail.fairness} />
    </>
  );
}

function RouletteDetail({ detail }: { detail: Detail<'roulette'> }) {
  const { t } = useTranslation('records');
  const money = useMoneyFormat();
  const colour = pocketColour(detail.number);
  return (
    <>
      <p className="records-pocket">
        <span className={`records-pocket__ball records-pocket__ball--${colour}`} aria-hidden="true">
          {detail.number}
        </span>
        <span>
          {t('detail.roulette.number', { number: detail.number, colour: t(`detail.roulette.${colour}`) })}
        </span>
      </p>
      {detail.bets.length > 0 ? (
        <table className="records-table">
          <caption>{t('detail.roulette.bets')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('detail.roulette.spot')}</th>
              <th scope="col" className="records-num">
                {t('columns.bet')}
              </th>
              <th scope="col" className="records-num">
                {t('detail.pays')}
              </th>
            </tr>
          </thead>
          <tbody>
            {detail.bets.map((bet, index) => (
              <tr key={index}>
                <td>{spotText(bet.spot, t)}</td>
                <td className="records-num">{money(bet.amount)}</td>
                <td className="records-num">{money(bet.pays)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </>
  );
}

/** 'n17' is the straight number 17; the outside spots have names; anything else as it came. */
function spotText(spot: string, t: (key: string, options?: Record<string, unknown>) => string): string {
  const straight = /^n(\d{1,2})$/.exec(spot);
  if (straight) return t('detail.roulette.straight', { number: Number(straight[1]) });
  const known = ['red', 'black', 'odd', 'even', 'low', 'high', 'dozen1', 'dozen2', 'dozen3'];
  return known.includes(spot) ? t(`detail.roulette.spots.${spot}`) : spot;
}

function CardsDetail({ detail }: { detail: Detail<'cards'> }) {
  const { t } = useTranslation('records');
  return (
    <>
      <ul className="records-hands">
        {detail.hands.map((hand, index) => (
          <li key={index} className="records-hand">
            <span className="records-hand__name">
              {hand.name}
              {hand.won ? (
                <span className="records-chip records-chip--settled">{t('detail.cards.won')}</span>
              ) : null}
            </span>
            <span className="records-hand__cards">
              {hand.cards.map((card, cardIndex) => (
                <span
                  key={cardIndex}
                  className={`records-card${/[HD]$/.test(card) ? ' records-card--red' : ''}`}
                >
                  {cardText(card)}
                </span>
              ))}
            </span>
            {hand.score ? <span>{t('detail.cards.score', { score: hand.score })}</span> : null}
          </li>
        ))}
      </ul>
      {detail.outcome ? <p>{detail.outcome}</p> : null}
    </>
  );
}

function FishDetail({ detail }: { detail: Detail<'fish'> }) {
  const { t } = useTranslation('records');
  return (
    <>
      <p>{t('detail.fish.shots', { count: detail.shots })}</p>
      {detail.catches.length > 0 ? (
        <ul className="records-list">
          {detail.catches.map((caught, index) => (
            <li key={index}>
              {t('detail.fish.catch', { target: symbolText(caught.target), multiplier: caught.multiplier })}
            </li>
          ))}
        </ul>
      ) : (
        <p className="records-detail__plain">{t('detail.fish.none')}</p>
      )}
    </>
  );
}

function SportsDetail({ detail }: { detail: Detail<'sports'> }) {
  const { t } = useTranslation('records');
  return (
    <>
      <p>{t(`detail.sports.${detail.bet_type}`)}</p>
      <ul className="records-selections">
        {detail.selections.map((selection, index) => (
          <li key={index} className="records-selection">
            <span className="records-selection__event">{selection.event}</span>
            <span>
              {selection.market}: <strong>{selection.pick}</strong> @ {selection.odds}
            </span>
            <span>
              <span className={`records-chip records-chip--${selection.outcome}`}>
                {t(`detail.sports.outcome.${selection.outcome}`)}
              </span>
              {selection.result ? ` ${t('detail.sports.result', { result: selection.result })}` : null}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

function DiceDetail({ detail, ownGame }: { detail: Detail<'dice'>; ownGame: boolean }) {
  const { t } = useTranslation('records');
  return (
    <>
      <p className="records-big">{detail.roll}</p>
      <p>{t(`detail.dice.${detail.direction}`, { roll: detail.roll, target: detail.target })}</p>
      <FairnessProof
        fairness={detail.fairness}
        verifyHref={ownGame && detail.fairness ? diceVerifyHref(detail.fairness) : null}
      />
    </>
  );
}

function CrashDetail({ detail, ownGame }: { detail: Detail<'crash'>; ownGame: boolean }) {
  const { t } = useTranslation('records');
  return (
    <>
      <p className="records-big">{t('detail.crash.point', { point: detail.crash_point })}</p>
      <p>
        {detail.cashed_out_at === null
          ? t('detail.crash.noCashOut')
          : t('detail.crash.cashedOut', { point: detail.cashed_out_at })}
      </p>
      <FairnessProof
        fairness={detail.fairness}
        verifyHref={ownGame && detail.fairness?.server_seed ? crashVerifyHref(detail.fairness) : null}
      />
    </>
  );
}

/** The provably-fair proof: the seed hash shown before the round, the seed once revealed, client seed, nonce. */
function FairnessProof({
  fairness,
  verifyHref = null,
}: {
  fairness: Fairness | undefined;
  /** our verification page with this round's seeds */
  verifyHref?: string | null;
}) {
  const { t } = useTranslation('records');
  if (!fairness) return null;
  return (
    <section className="records-fairness" aria-label={t('detail.fairness.title')}>
      <h3 className="records-subtitle">{t('detail.fairness.title')}</h3>
      <dl className="records-pairs records-pairs--mono">
        <div>
          <dt>{t('detail.fairness.serverSeedHash')}</dt>
          <dd>{fairness.server_seed_hash}</dd>
        </div>
        <div>
          <dt>{t('detail.fairness.serverSeed')}</dt>
          <dd>{fairness.server_seed ?? t('detail.fairness.notRevealed')}</dd>
        </div>
        <div>
          <dt>{t('detail.fairness.clientSeed')}</dt>
          <dd>{fairness.client_seed}</dd>
        </div>
        <div>
          <dt>{t('detail.fairness.nonce')}</dt>
          <dd>{fairness.nonce}</dd>
        </div>
      </dl>
      {verifyHref ? <Link to={verifyHref}>{t('detail.fairness.verify')}</Link> : null}
    </section>
  );
}

/** A dice round on our verification page: the revealed seed, or its hash for the page to fetch it by. */
function diceVerifyHref(fairness: Fairness): string {
  const query = new URLSearchParams({
    game: 'dice',
    serverSeedHash: fairness.server_seed_hash,
    clientSeed: fairness.client_seed,
    nonce: String(fairness.nonce),
  });
  if (fairness.server_seed) query.set('serverSeed', fairness.server_seed);
  return `/inhouse/fair?${query.toString()}`;
}

/** A crash round on our verification page: our crash proof carries the round seed and the chain's salt. */
function crashVerifyHref(fairness: Fairness): string {
  const query = new URLSearchParams({
    game: 'crash',
    seed: fairness.server_seed ?? '',
    salt: fairness.client_seed,
  });
  return `/inhouse/fair?${query.toString()}`;
}
