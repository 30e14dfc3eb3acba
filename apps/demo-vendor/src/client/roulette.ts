import { api, element, money, pageData } from './common.js';

interface TableState {
  ok: boolean;
  round: number;
  phase: 'betting' | 'spinning' | 'result';
  remainingMs: number;
  pocket: number | null;
  colour: 'red' | 'black' | 'green' | null;
  history: { pocket: number; colour: string }[];
  balance: string;
  result: { round: number; win: string } | null;
}
interface BetAnswer {
  ok: boolean;
  reason?: string;
  balance?: string | null;
}

const data = pageData();
const board = element<HTMLDivElement>('board');
const stake = element<HTMLSelectElement>('stake');
const message = element<HTMLParagraphElement>('message');
const balance = element<HTMLElement>('balance');
const phase = element<HTMLParagraphElement>('phase');
const timer = element<HTMLSpanElement>('timer');
const pocket = element<HTMLDivElement>('pocket');
const history = element<HTMLSpanElement>('history');
const myBets = element<HTMLSpanElement>('mybets');
const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
let round = 0;
let betsThisRound: string[] = [];
let betting = false;

function spotButton(spot: string, label: string, className: string): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = `dv-spot ${className}`;
  button.dataset.spot = spot;
  button.textContent = label;
  button.addEventListener('click', () => void placeBet(spot, label));
  return button;
}

board.append(spotButton('n0', '0', 'dv-green dv-zero'));
for (let number = 1; number <= 36; number += 1) {
  board.append(spotButton(`n${number}`, String(number), RED.has(number) ? 'dv-red' : 'dv-black'));
}
for (const spot of ['low', 'even', 'red', 'black', 'odd', 'high', 'dozen1', 'dozen2', 'dozen3']) {
  board.append(spotButton(spot, data.texts[spot] ?? spot, `dv-outside dv-${spot}`));
}

async function placeBet(spot: string, label: string): Promise<void> {
  if (!betting) {
    message.textContent = data.texts.betClosed ?? '';
    return;
  }
  const answer = await api<BetAnswer>(data, 'POST', `/api/table/${data.game}/bet`, {
    spot,
    stake: stake.value,
  });
  if (answer.balance) balance.textContent = money(data, answer.balance);
  if (answer.ok) {
    betsThisRound.push(`${label} × ${money(data, stake.value)}`);
    myBets.textContent = betsThisRound.join(', ');
    message.textContent = '';
  } else {
    const key =
      {
        'not-enough-money': 'notEnough',
        closed: 'betClosed',
        'no-answer': 'noAnswer',
        session: 'sessionGone',
      }[answer.reason ?? ''] ?? 'refused';
    message.textContent = data.texts[key] ?? '';
  }
}

async function poll(): Promise<void> {
  try {
    const state = await api<TableState>(data, 'GET', `/api/table/${data.game}/state`);
    if (!state.ok) {
      message.textContent = data.texts.sessionGone ?? '';
      return;
    }
    if (state.round !== round) {
      round = state.round;
      betsThisRound = [];
      myBets.textContent = '–';
    }
    betting = state.phase === 'betting';
    board.classList.toggle('dv-closed', !betting);
    phase.textContent = betting
      ? (data.texts.placeBets ?? '')
      : state.phase === 'spinning'
        ? (data.texts.noMoreBets ?? '')
        : (data.texts.result ?? '');
    timer.textContent = `${Math.ceil(state.remainingMs / 1000)}${data.texts.secondsLeft}`;
    pocket.textContent = state.pocket === null ? '–' : String(state.pocket);
    pocket.dataset.colour = state.colour ?? '';
    balance.textContent = money(data, state.balance);
    history.replaceChildren(
      ...state.history.map((item) => {
        const chip = document.createElement('span');
        chip.className = `dv-chip dv-${item.colour}`;
        chip.textContent = String(item.pocket);
        return chip;
      }),
    );
    if (state.phase === 'result' && state.result && state.result.round === state.round) {
      message.textContent =
        state.result.win === '0.00'
          ? (data.texts.noWin ?? '')
          : `${data.texts.win}: ${money(data, state.result.win)}`;
    }
  } catch {
    // The next poll tries again.
  }
  setTimeout(() => void poll(), 1000);
}

void poll();
