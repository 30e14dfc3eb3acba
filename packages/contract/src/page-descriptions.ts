import type { LocalizedText } from './languages.js';

/**
 * Each public page's description for search engines and link previews (meta description), in bn and
 * en. One list for both sides: the server writes it into the page it sends, the web app keeps it right
 * as the visitor moves and switches language, and the sitemap lists these pages. `{site}` is the
 * operator's site name.
 */
export const pageDescriptions = {
  '/': {
    bn: '{site}: লাইভ ক্যাসিনো, স্লট, স্পোর্টস, ফিশিং ও লটারি এক জায়গায়। বাংলায় খেলুন, টাকায় জমা ও উত্তোলন।',
    en: '{site}: live casino, slots, sports, fishing and lottery in one place. Play in Bengali, deposit and withdraw in taka.',
  },
  '/register': {
    bn: '{site}-এ বিনামূল্যে অ্যাকাউন্ট খুলুন এবং প্রথম ডিপোজিটে স্বাগতম বোনাস নিন।',
    en: 'Open a free {site} account and take the welcome bonus on your first deposit.',
  },
  '/login': {
    bn: 'আপনার {site} অ্যাকাউন্টে লগ ইন করুন, অথবা বিনামূল্যে ডেমো খেলা চেষ্টা করুন।',
    en: 'Log in to your {site} account, or try free play with demo money.',
  },
  '/promotions': {
    bn: '{site}-এর সব প্রচার: স্বাগতম বোনাস, ফ্রি স্পিন, দৈনিক ক্যাশব্যাক ও ভিআইপি উপহার।',
    en: "All of {site}'s promotions: welcome bonus, free spins, daily cashback and VIP gifts.",
  },
  '/lottery': {
    bn: '{site}-এ লটারি: নিয়মিত ড্র, সরাসরি ফলাফল।',
    en: 'Lottery at {site}: regular draws and results as they happen.',
  },
  '/elott': {
    bn: '{site}-এ ই-লটারি: দ্রুত ড্র, যেকোনো সময় খেলুন।',
    en: 'E-lottery at {site}: quick draws, play any time.',
  },
  '/live': {
    bn: '{site}-এ লাইভ ক্যাসিনো: আসল ডিলারের সাথে বাকারা, রুলেট ও আরও অনেক কিছু।',
    en: 'Live casino at {site}: baccarat, roulette and more with real dealers.',
  },
  '/rng': {
    bn: '{site}-এ স্লট: শীর্ষ প্রদানকারীদের জনপ্রিয় স্লট গেম।',
    en: 'Slots at {site}: popular slot games from leading providers.',
  },
  '/sports': {
    bn: '{site}-এ স্পোর্টস বেটিং: ক্রিকেট, ফুটবল ও আরও অনেক খেলা।',
    en: 'Sports betting at {site}: cricket, football and much more.',
  },
  '/esports': {
    bn: '{site}-এ ই-স্পোর্টস বেটিং: জনপ্রিয় টুর্নামেন্ট ও ম্যাচ।',
    en: 'Esports betting at {site}: popular tournaments and matches.',
  },
  '/fish': {
    bn: '{site}-এ ফিশিং গেম: শিকার করুন, পুরস্কার জিতুন।',
    en: 'Fishing games at {site}: hunt and win prizes.',
  },
  '/pvp': {
    bn: '{site}-এ কার্ড গেম: অন্য খেলোয়াড়দের বিরুদ্ধে খেলুন।',
    en: 'Card games at {site}: play against other players.',
  },
  '/help': {
    bn: '{site} সহায়তা কেন্দ্র: অ্যাকাউন্ট, জমা, উত্তোলন ও প্রচার নিয়ে প্রশ্নের উত্তর।',
    en: '{site} help centre: answers on accounts, deposits, withdrawals and promotions.',
  },
  '/download': {
    bn: '{site} অ্যাপ ডাউনলোড করুন: আপনার ফোনে দ্রুত খেলা।',
    en: 'Download the {site} app: quick play on your phone.',
  },
} as const satisfies Record<string, LocalizedText>;

export type DescribedPath = keyof typeof pageDescriptions;

/** The addresses the web app answers for its home page; they share its description. */
const HOME_ALIASES = new Set(['/index', '/index.html', '/home']);

/** The description of the page at `pathName` (its own, else the home page's). */
export function pageDescription(pathName: string, language: string, siteName: string): string {
  const key = HOME_ALIASES.has(pathName) ? '/' : pathName.replace(/\.html$/, '').replace(/(.)\/$/, '$1');
  const text: LocalizedText =
    key in pageDescriptions ? pageDescriptions[key as DescribedPath] : pageDescriptions['/'];
  return (language === 'en' ? text.en : text.bn).replaceAll('{site}', siteName);
}
