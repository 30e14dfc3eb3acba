import { api, element, money, pageData } from './common.js';

interface SpinAnswer {
  ok: boolean;
  reason?: 'not-enough-money' | 'refused' | 'no-answer' | 'crashed' | 'session';
  grid?: string[][];
  wins?: { line: number; symbol: string; count: number; pay: string }[];
  win?: string;
  balance?: string | null;
}

const data = pageData();
const reels = element<HTMLDivElement>('reels');
const spinButton = element<HTMLButtonElement>('spin');
const stake = element<HTMLSelectElement>('stake');
const message = element<HTMLParagraphElement>('message');
const balance = element<HTMLElement>('balance');
const columns = reels.classList.contains('dv-reels-5') ? 5 : 3;
const symbolNames = Object.keys(data.symbols);

/** The grid as the server drew it; before the first spin, a still picture. */
function draw(grid: string[][]): void {
  reels.replaceChildren(
    ...grid.flatMap((row) =>
      row.map((symbol) => {
        const cell = document.createElement('div');
        cell.className = 'dv-cell';
        cell.dataset.symbol = symbol;
        // The markup is the server's own artwork (art.ts), not input.
        cell.innerHTML = data.symbols[symbol] ?? '';
        return cell;
      }),
    ),
  );
}

draw(
  Array.from({ length: 3 }, (_, row) =>
    Array.from(
      { length: columns },
      (_, reel) => symbolNames[(row * columns + reel) % symbolNames.length] ?? 'seven',
    ),
  ),
);

spinButton.addEventListener('click', async () => {
  spinButton.disabled = true;
  reels.classList.add('dv-spinning');
  message.textContent = data.texts.playing ?? '';
  try {
    const answer = await api<SpinAnswer>(data, 'POST', '/api/spin', { stake: stake.value });
    if (answer.balance) balance.textContent = money(data, answer.balance);
    if (answer.grid) draw(answer.grid);
    if (answer.ok) {
      const won = answer.win && answer.win !== '0.00';
      message.textContent = won
        ? `${data.texts.win}: ${money(data, answer.win ?? '0.00')}`
        : (data.texts.noWin ?? '');
      message.dataset.outcome = won ? 'win' : 'loss';
      if (!answer.balance) message.textContent += ` — ${data.texts.winPending}`;
    } else {
      const key = {
        'not-enough-money': 'notEnough',
        refused: 'refused',
        'no-answer': 'noAnswer',
        crashed: 'crashed',
        session: 'sessionGone',
      }[answer.reason ?? 'refused'];
      message.textContent = data.texts[key] ?? '';
      message.dataset.outcome = 'refused';
    }
  } catch {
    message.textContent = data.texts.noAnswer ?? '';
  } finally {
    reels.classList.remove('dv-spinning');
    spinButton.disabled = false;
  }
});

// Until now a tap would have done nothing: the button is enabled once it works.
spinButton.disabled = false;
