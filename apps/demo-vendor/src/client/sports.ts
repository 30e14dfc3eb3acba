import { api, element, money, pageData } from './common.js';

type Pick = 'home' | 'draw' | 'away';
interface Team {
  en: string;
  bn: string;
}
interface SportsState {
  ok: boolean;
  matchday: number;
  phase: 'open' | 'playing' | 'results';
  remainingMs: number;
  fixtures: {
    id: string;
    home: Team;
    away: Team;
    odds: Record<Pick, string>;
    result: { outcome: Pick; score: [number, number] } | null;
  }[];
  slips: {
    id: string;
    matchday: number;
    selections: { fixture: string; pick: Pick }[];
    stake: string;
    odds: string;
    status: 'open' | 'won' | 'lost';
    win: string | null;
  }[];
  balance: string;
}
interface BetAnswer {
  ok: boolean;
  reason?: string;
  balance?: string | null;
}

const data = pageData();
const fixturesBox = element<HTMLDivElement>('fixtures');
const phase = element<HTMLSpanElement>('phase');
const timer = element<HTMLSpanElement>('timer');
const summary = element<HTMLParagraphElement>('slip-summary');
const stake = element<HTMLSelectElement>('stake');
const place = element<HTMLButtonElement>('place');
const message = element<HTMLParagraphElement>('message');
const balance = element<HTMLElement>('balance');
const slipsList = element<HTMLUListElement>('slips');
const text = (key: string) => data.texts[key] ?? key;
const PICKS: Pick[] = ['home', 'draw', 'away'];

let state: SportsState | null = null;
let matchday = 0;
/** the player's picks: fixture id -> outcome */
const chosen = new Map<string, Pick>();

function totalOdds(): number {
  if (!state) return 0;
  let product = 1;
  for (const [fixture, pick] of chosen) {
    product *= Number(state.fixtures.find((item) => item.id === fixture)?.odds[pick] ?? 0);
  }
  return product;
}

function drawSlip(): void {
  const odds = totalOdds();
  summary.textContent =
    chosen.size === 0
      ? ''
      : `${text('totalOdds')}: ${odds.toFixed(2)} · ${text('possibleWin')}: ${money(data, (Number(stake.value) * odds).toFixed(2))}`;
  place.disabled = chosen.size === 0 || state?.phase !== 'open';
}

function drawFixtures(): void {
  if (!state) return;
  fixturesBox.replaceChildren(
    ...state.fixtures.map((fixture) => {
      const row = document.createElement('div');
      row.className = 'dv-fixture';
      const title = document.createElement('p');
      const score = fixture.result ? ` ${fixture.result.score[0]}–${fixture.result.score[1]} ` : ' – ';
      title.textContent = `${fixture.home[data.language]}${score}${fixture.away[data.language]}`;
      row.append(title);
      for (const pick of PICKS) {
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'dv-odds';
        button.dataset.fixture = fixture.id;
        button.dataset.pick = pick;
        button.disabled = state?.phase !== 'open';
        button.setAttribute('aria-pressed', String(chosen.get(fixture.id) === pick));
        if (fixture.result?.outcome === pick) button.classList.add('dv-winner');
        button.textContent = `${text(pick)} ${fixture.odds[pick]}`;
        button.addEventListener('click', () => {
          if (chosen.get(fixture.id) === pick) chosen.delete(fixture.id);
          else chosen.set(fixture.id, pick);
          drawFixtures();
          drawSlip();
        });
        row.append(button);
      }
      return row;
    }),
  );
}

function drawSlips(): void {
  if (!state) return;
  slipsList.replaceChildren(
    ...[...state.slips].reverse().map((slip) => {
      const item = document.createElement('li');
      const outcome =
        slip.status === 'won' ? `${text('won')} ${money(data, slip.win ?? '0.00')}` : text(slip.status);
      item.textContent = `${text('matchday')} ${slip.matchday}: ${slip.selections.length} ${text('selections')} · ${money(data, slip.stake)} @ ${slip.odds} — ${outcome}`;
      item.dataset.status = slip.status;
      return item;
    }),
  );
}

place.addEventListener('click', async () => {
  place.disabled = true;
  const selections = [...chosen].map(([fixture, pick]) => ({ fixture, pick }));
  try {
    const answer = await api<BetAnswer>(data, 'POST', `/api/sports/${data.game}/bet`, {
      stake: stake.value,
      selections,
    });
    if (answer.balance) balance.textContent = money(data, answer.balance);
    if (answer.ok) {
      chosen.clear();
      message.textContent = text('betPlaced');
    } else {
      const key =
        {
          'not-enough-money': 'notEnough',
          closed: 'betClosed',
          'no-answer': 'noAnswer',
          session: 'sessionGone',
        }[answer.reason ?? ''] ?? 'refused';
      message.textContent = text(key);
    }
  } catch {
    message.textContent = text('noAnswer');
  }
  await poll(false);
});
stake.addEventListener('change', drawSlip);

async function poll(again = true): Promise<void> {
  try {
    const next = await api<SportsState>(data, 'GET', `/api/sports/${data.game}/state`);
    if (!next.ok) {
      message.textContent = text('sessionGone');
      return;
    }
    if (next.matchday !== matchday) {
      matchday = next.matchday;
      chosen.clear();
    }
    state = next;
    const label =
      next.phase === 'open'
        ? text('bettingOpen')
        : next.phase === 'playing'
          ? text('playingNow')
          : text('fullTime');
    phase.textContent = `${text('matchday')} ${next.matchday} · ${label}`;
    timer.textContent =
      next.phase === 'results' ? '' : `${Math.ceil(next.remainingMs / 1000)}${text('secondsLeft')}`;
    balance.textContent = money(data, next.balance);
    drawFixtures();
    drawSlip();
    drawSlips();
  } catch {
    // The next poll tries again.
  }
  if (again) setTimeout(() => void poll(), 1000);
}

void poll();
