/** What the server put in the page's data block (pages.ts, gamePage). */
export interface PageData {
  session: string;
  game: string;
  kind: 'slot' | 'roulette';
  currency: string;
  balance: string;
  demo: boolean;
  stakes: string[];
  language: 'bn' | 'en';
  texts: Record<string, string>;
  symbols: Record<string, string>;
  rtp?: string;
}

export function pageData(): PageData {
  const block = document.getElementById('page-data');
  return JSON.parse(block?.textContent ?? '{}') as PageData;
}

export function element<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`page: #${id} is missing`);
  return found as T;
}

const BENGALI_DIGITS = '০১২৩৪৫৬৭৮৯';

/** A number or text in the page's digits (Bengali digits on a Bengali page). */
export function localDigits(data: PageData, value: string | number): string {
  const text = String(value);
  return data.language === 'bn'
    ? text.replace(/\d/g, (digit) => BENGALI_DIGITS[Number(digit)] ?? digit)
    : text;
}

/** Money as the platform sent it (decimal string), in the page's digits. */
export function money(data: PageData, amount: string): string {
  return `${localDigits(data, amount)} ${data.currency}`;
}

/** A call to the demo vendor's own API, with the session id the page was given. */
export async function api<T>(
  data: PageData,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(path, {
    method,
    headers: {
      'x-demo-session': data.session,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as T;
}
