import { api, element, localDigits, money, pageData } from './common.js';

interface Named {
  en: string;
  bn: string;
}
interface Listing {
  roomId: string;
  name: Named;
  minBet: string;
  seats: { seat: number; taken: boolean }[];
}
interface Hand {
  seat: number;
  who: 'you' | 'player' | 'simulated';
  cards: string[];
  category: string;
  winner: boolean;
}
interface TableView {
  room: Listing;
  hand: number;
  phase: 'ante' | 'showdown';
  remainingMs: number;
  seat: number | null;
  anted: boolean;
  lastHand: { hand: number; hands: Hand[] } | null;
}
interface State {
  ok: boolean;
  balance: string;
  wanted: string | null;
  table: TableView | null;
  rooms: Listing[];
}
interface Answer {
  ok: boolean;
  reason?: string;
  balance?: string | null;
}

const data = pageData();
const text = (key: string) => data.texts[key] ?? key;
const table = element<HTMLElement>('table');
const lobby = element<HTMLElement>('lobby');
const roomTitle = element<HTMLHeadingElement>('room-title');
const seatLine = element<HTMLParagraphElement>('seat');
const phase = element<HTMLSpanElement>('phase');
const timer = element<HTMLSpanElement>('timer');
const seats = element<HTMLOListElement>('seats');
const ante = element<HTMLButtonElement>('ante');
const leave = element<HTMLButtonElement>('leave');
const message = element<HTMLParagraphElement>('message');
const balance = element<HTMLElement>('balance');
const roomsList = element<HTMLUListElement>('rooms');

/** The launch's room is taken once, on the first answer; after that the player chooses. */
let triedWanted = false;
let shownHand = 0;

const freeSeats = (room: Listing) => room.seats.filter((seat) => !seat.taken).length;

async function sit(roomId: string): Promise<void> {
  const answer = await api<Answer>(data, 'POST', `/api/showdown/${data.game}/sit`, { room: roomId });
  message.textContent = answer.ok ? '' : text(answer.reason === 'full' ? 'roomFull' : 'refused');
  await poll(false);
}

function drawRooms(state: State): void {
  roomsList.replaceChildren(
    ...state.rooms.map((room) => {
      const item = document.createElement('li');
      const label = document.createElement('span');
      label.textContent = `${room.name[data.language]} · ${money(data, room.minBet)} · ${localDigits(data, `${freeSeats(room)}/${room.seats.length}`)} ${text('seatsFree')}`;
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'dv-button';
      button.textContent = text('takeSeat');
      button.disabled = freeSeats(room) === 0;
      button.setAttribute('aria-label', `${text('takeSeat')}: ${room.name[data.language]}`);
      button.addEventListener('click', () => void sit(room.roomId));
      item.append(label, button);
      return item;
    }),
  );
}

function drawTable(view: TableView): void {
  const name = view.room.name[data.language];
  roomTitle.textContent = `${name} · ${money(data, view.room.minBet)}`;
  seatLine.textContent = `${text('seated')}: ${name}, ${text('seat')} ${localDigits(data, (view.seat ?? 0) + 1)}`;
  phase.textContent = view.phase === 'ante' ? text('antesOpen') : text('showdown');
  timer.textContent = `${localDigits(data, Math.ceil(view.remainingMs / 1000))}${text('secondsLeft')}`;
  ante.disabled = view.phase !== 'ante' || view.anted;
  ante.textContent = view.anted ? text('inHand') : `${text('ante')} (${money(data, view.room.minBet)})`;
  const hands = new Map((view.lastHand?.hands ?? []).map((hand) => [hand.seat, hand]));
  seats.replaceChildren(
    ...view.room.seats.map((seat) => {
      const item = document.createElement('li');
      const hand = view.phase === 'showdown' ? hands.get(seat.seat) : undefined;
      const mine = seat.seat === view.seat;
      const who = mine
        ? text('you')
        : seat.taken
          ? text('otherPlayer')
          : hand
            ? text('simulated')
            : text('seatFree');
      const title = document.createElement('p');
      title.textContent = `${text('seat')} ${localDigits(data, seat.seat + 1)}: ${who}`;
      item.append(title);
      item.dataset.you = String(mine);
      if (hand) {
        const cards = document.createElement('p');
        cards.className = 'dv-cards';
        cards.replaceChildren(
          ...hand.cards.map((label) => {
            const card = document.createElement('span');
            // Hearts and diamonds in red, as on a real deck.
            card.className = /[♥♦]/.test(label) ? 'dv-card dv-card-red' : 'dv-card';
            card.textContent = label;
            return card;
          }),
        );
        const category = document.createElement('p');
        category.textContent = `${text(hand.category)}${hand.winner ? ` — ${text('win')}` : ''}`;
        item.dataset.winner = String(hand.winner);
        item.append(cards, category);
      }
      return item;
    }),
  );
  const last = view.lastHand;
  if (view.phase === 'showdown' && last && last.hand !== shownHand) {
    shownHand = last.hand;
    const mine = last.hands.find((hand) => hand.who === 'you');
    if (mine) message.textContent = mine.winner ? text('youWon') : text('youLost');
  }
}

async function poll(again = true): Promise<void> {
  try {
    const state = await api<State>(data, 'GET', `/api/showdown/${data.game}/state`);
    if (!state.ok) {
      message.textContent = text('sessionGone');
      return;
    }
    balance.textContent = money(data, state.balance);
    if (!state.table && state.wanted && !triedWanted) {
      // Opened from the lobby's room card: sit in that room.
      triedWanted = true;
      await sit(state.wanted);
      return;
    }
    triedWanted = true;
    table.hidden = state.table === null;
    lobby.hidden = state.table !== null;
    if (state.table) drawTable(state.table);
    else drawRooms(state);
  } catch {
    // The next poll tries again.
  } finally {
    if (again) setTimeout(() => void poll(), 1000);
  }
}

ante.addEventListener('click', async () => {
  ante.disabled = true;
  // The last hand's outcome or refusal no longer applies once the player antes again.
  message.textContent = '';
  try {
    const answer = await api<Answer>(data, 'POST', `/api/showdown/${data.game}/ante`);
    if (answer.balance) balance.textContent = money(data, answer.balance);
    if (!answer.ok) {
      const key =
        {
          'not-enough-money': 'notEnough',
          closed: 'anteClosed',
          'no-answer': 'noAnswer',
          'not-seated': 'chooseRoom',
        }[answer.reason ?? ''] ?? 'refused';
      message.textContent = text(key);
    } else {
      message.textContent = text('inHand');
    }
  } catch {
    message.textContent = text('noAnswer');
  }
  await poll(false);
});

leave.addEventListener('click', async () => {
  await api<Answer>(data, 'POST', `/api/showdown/${data.game}/leave`);
  message.textContent = '';
  await poll(false);
});

void poll();
