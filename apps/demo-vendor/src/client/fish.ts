import { api, element, money, pageData } from './common.js';

interface ShotAnswer {
  ok: boolean;
  reason?: 'not-enough-money' | 'refused' | 'no-answer' | 'crashed' | 'session';
  caught?: boolean;
  win?: string;
  balance?: string | null;
}

const data = pageData();
const pond = element<HTMLDivElement>('pond');
const stake = element<HTMLSelectElement>('stake');
const message = element<HTMLParagraphElement>('message');
const balance = element<HTMLElement>('balance');
const targets = [...pond.querySelectorAll<HTMLButtonElement>('button[data-fish]')];

async function fire(target: HTMLButtonElement): Promise<void> {
  const fish = target.dataset.fish ?? '';
  for (const item of targets) item.disabled = true;
  target.classList.add('dv-hit');
  try {
    const answer = await api<ShotAnswer>(data, 'POST', '/api/shoot', { stake: stake.value, fish });
    if (answer.balance) balance.textContent = money(data, answer.balance);
    if (answer.ok) {
      message.textContent = answer.caught
        ? `${data.texts.caught}: ${data.texts[fish]} — ${data.texts.win}: ${money(data, answer.win ?? '0.00')}`
        : (data.texts.missed ?? '');
      message.dataset.outcome = answer.caught ? 'win' : 'loss';
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
    target.classList.remove('dv-hit');
    for (const item of targets) item.disabled = false;
  }
}

for (const target of targets) {
  target.addEventListener('click', () => void fire(target));
  // The fish wait until a tap does something.
  target.disabled = false;
}
