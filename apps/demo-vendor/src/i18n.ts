import type { PageLanguage } from './sessions.js';

/** Every text the demo vendor's pages show, in Bengali and English (the launch URL's `language`). */
const texts = {
  label: {
    en: 'Demo game vendor — simulator, not real money',
    bn: 'ডেমো গেম ভেন্ডর — সিমুলেটর, আসল টাকা নয়',
  },
  balance: { en: 'Balance', bn: 'ব্যালান্স' },
  stake: { en: 'Bet', bn: 'বাজি' },
  spin: { en: 'Spin', bn: 'স্পিন' },
  win: { en: 'Win', bn: 'জয়' },
  noWin: { en: 'No win this time', bn: 'এবার জয় নেই' },
  notEnough: { en: 'Not enough balance for this bet', bn: 'এই বাজির জন্য পর্যাপ্ত ব্যালান্স নেই' },
  crashed: {
    en: 'The game failed during the round; your bet was refunded',
    bn: 'রাউন্ড চলাকালীন গেমটি ব্যর্থ হয়েছে; আপনার বাজি ফেরত দেওয়া হয়েছে',
  },
  noAnswer: {
    en: 'The site did not answer; your bet is being refunded',
    bn: 'সাইট সাড়া দেয়নি; আপনার বাজি ফেরত দেওয়া হচ্ছে',
  },
  refused: { en: 'The site refused the bet', bn: 'সাইট বাজিটি গ্রহণ করেনি' },
  winPending: { en: 'Your win is being paid', bn: 'আপনার জয় পরিশোধ করা হচ্ছে' },
  sessionGone: {
    en: 'This game session has ended. Open the game again from the lobby.',
    bn: 'এই গেম সেশন শেষ হয়েছে। লবি থেকে গেমটি আবার খুলুন।',
  },
  launchFailed: {
    en: 'The game could not be opened: the launch link was used or has expired. Open the game again from the lobby.',
    bn: 'গেমটি খোলা যায়নি: লিংকটি ব্যবহার করা হয়েছে বা মেয়াদ শেষ। লবি থেকে গেমটি আবার খুলুন।',
  },
  unknownGame: { en: 'This game does not exist.', bn: 'এই গেমটি নেই।' },
  backToLobby: { en: 'Back to lobby', bn: 'লবিতে ফিরুন' },
  demoMoney: { en: 'Demo money (trial account)', bn: 'ডেমো টাকা (ট্রায়াল অ্যাকাউন্ট)' },
  placeBets: { en: 'Place your bets', bn: 'বাজি ধরুন' },
  noMoreBets: { en: 'No more bets', bn: 'আর বাজি নয়' },
  result: { en: 'Result', bn: 'ফলাফল' },
  secondsLeft: { en: 's left', bn: ' সেকেন্ড বাকি' },
  lastResults: { en: 'Last results', bn: 'শেষ ফলাফল' },
  yourBets: { en: 'Your bets this spin', bn: 'এই স্পিনে আপনার বাজি' },
  betClosed: { en: 'Betting is closed for this spin', bn: 'এই স্পিনের বাজি বন্ধ' },
  playing: { en: 'Playing…', bn: 'খেলা চলছে…' },
  rtp: { en: 'Return to player', bn: 'প্লেয়ারকে ফেরত (RTP)' },
  lines: { en: 'lines', bn: 'লাইন' },
  games: { en: 'Games', bn: 'গেম' },
  openFromLobby: {
    en: "These games open from the site's lobby, which hands the player over with a one-time launch token.",
    bn: 'এই গেমগুলো সাইটের লবি থেকে খোলে, যা এককালীন লঞ্চ টোকেন দিয়ে খেলোয়াড়কে পাঠায়।',
  },
  shootHint: {
    en: 'Tap a fish to shoot: one bet per shot, a catch pays the fish’s multiple',
    bn: 'গুলি করতে একটি মাছে ট্যাপ করুন: প্রতি গুলিতে একটি বাজি, ধরা পড়লে মাছের গুণিতক',
  },
  caught: { en: 'Caught', bn: 'ধরা পড়েছে' },
  missed: { en: 'Missed — it got away', bn: 'ফসকে গেছে' },
  minnow: { en: 'Minnow', bn: 'পুঁটি' },
  carp: { en: 'Carp', bn: 'রুই' },
  catfish: { en: 'Catfish', bn: 'মাগুর' },
  turtle: { en: 'Turtle', bn: 'কচ্ছপ' },
  dragon: { en: 'Golden dragon fish', bn: 'সোনালি ড্রাগন মাছ' },
  matchday: { en: 'Matchday', bn: 'ম্যাচডে' },
  bettingOpen: { en: 'Betting open', bn: 'বাজি খোলা' },
  selections: { en: 'selections', bn: 'বাছাই' },
  playingNow: { en: 'Matches being played', bn: 'খেলা চলছে' },
  fullTime: { en: 'Full time', bn: 'খেলা শেষ' },
  home: { en: 'Home', bn: 'ঘরের দল' },
  draw: { en: 'Draw', bn: 'ড্র' },
  away: { en: 'Away', bn: 'অতিথি দল' },
  slip: { en: 'Bet slip', bn: 'বাজির স্লিপ' },
  slipHint: {
    en: 'Pick one outcome in one match (a single) or in up to four matches (an accumulator).',
    bn: 'একটি ম্যাচে একটি ফলাফল (সিঙ্গেল) বা চারটি পর্যন্ত ম্যাচে (অ্যাকুমুলেটর) বেছে নিন।',
  },
  totalOdds: { en: 'Total odds', bn: 'মোট অডস' },
  possibleWin: { en: 'Possible win', bn: 'সম্ভাব্য জয়' },
  placeBet: { en: 'Place bet', bn: 'বাজি ধরুন' },
  mySlips: { en: 'My slips', bn: 'আমার স্লিপ' },
  open: { en: 'waiting for results', bn: 'ফলাফলের অপেক্ষায়' },
  won: { en: 'won', bn: 'জিতেছে' },
  lost: { en: 'lost', bn: 'হেরেছে' },
  betPlaced: { en: 'Bet placed', bn: 'বাজি ধরা হয়েছে' },
  red: { en: 'Red', bn: 'লাল' },
  black: { en: 'Black', bn: 'কালো' },
  odd: { en: 'Odd', bn: 'বিজোড়' },
  even: { en: 'Even', bn: 'জোড়' },
  low: { en: '1–18', bn: '১–১৮' },
  high: { en: '19–36', bn: '১৯–৩৬' },
  dozen1: { en: '1st 12', bn: 'প্রথম ১২' },
  dozen2: { en: '2nd 12', bn: 'দ্বিতীয় ১২' },
  dozen3: { en: '3rd 12', bn: 'তৃতীয় ১২' },
  rooms: { en: 'Rooms', bn: 'রুম' },
  seat: { en: 'Seat', bn: 'আসন' },
  seatFree: { en: 'free', bn: 'খালি' },
  seatTaken: { en: 'taken', bn: 'নেওয়া' },
  seatsFree: { en: 'seats free', bn: 'আসন খালি' },
  seated: { en: 'You are seated', bn: 'আপনি বসে আছেন' },
  takeSeat: { en: 'Take a seat', bn: 'আসন নিন' },
  leaveSeat: { en: 'Leave the room', bn: 'রুম ছাড়ুন' },
  roomFull: {
    en: 'That room is full. Choose another room.',
    bn: 'রুমটি পূর্ণ। অন্য একটি রুম বেছে নিন।',
  },
  chooseRoom: { en: 'Choose a room to sit in', bn: 'বসার জন্য একটি রুম বেছে নিন' },
  ante: { en: 'Play this hand', bn: 'এই হাত খেলুন' },
  anteClosed: {
    en: 'Antes are closed for this hand; wait for the next one',
    bn: 'এই হাতের অ্যান্টি বন্ধ; পরের হাতের জন্য অপেক্ষা করুন',
  },
  inHand: { en: 'You are in this hand', bn: 'আপনি এই হাতে আছেন' },
  antesOpen: { en: 'Antes open', bn: 'অ্যান্টি খোলা' },
  showdown: { en: 'Showdown', bn: 'শোডাউন' },
  showdownHint: {
    en: 'Each hand, every player antes the room’s bet and gets three cards; empty seats are played by simulated opponents. The best hand takes the pot less a 5% rake (equal hands split it).',
    bn: 'প্রতি হাতে প্রত্যেক খেলোয়াড় রুমের বাজি দেন ও তিনটি তাস পান; খালি আসনে সিমুলেটেড প্রতিপক্ষ খেলে। সেরা হাত ৫% রেক বাদে পাত্র জেতে (সমান হাতে ভাগ হয়)।',
  },
  you: { en: 'You', bn: 'আপনি' },
  otherPlayer: { en: 'Player', bn: 'খেলোয়াড়' },
  simulated: { en: 'Simulated opponent', bn: 'সিমুলেটেড প্রতিপক্ষ' },
  youWon: { en: 'You won', bn: 'আপনি জিতেছেন' },
  youLost: { en: 'Your hand lost', bn: 'আপনার হাত হেরেছে' },
  lastHand: { en: 'Last hand', bn: 'শেষ হাত' },
  noOpponent: {
    en: 'No opponent could sit this hand; your ante was returned',
    bn: 'এই হাতে কোনো প্রতিপক্ষ বসতে পারেনি; আপনার অ্যান্টি ফেরত দেওয়া হয়েছে',
  },
  'straight-flush': { en: 'Straight flush', bn: 'স্ট্রেট ফ্লাশ' },
  'three-of-a-kind': { en: 'Three of a kind', bn: 'তিনটি একই' },
  straight: { en: 'Straight', bn: 'স্ট্রেট' },
  flush: { en: 'Flush', bn: 'ফ্লাশ' },
  pair: { en: 'Pair', bn: 'জোড়া' },
  'high-card': { en: 'High card', bn: 'উঁচু তাস' },
} as const satisfies Record<string, Record<PageLanguage, string>>;

export type TextKey = keyof typeof texts;

export const pageLanguage = (value: unknown): PageLanguage => (value === 'bn' ? 'bn' : 'en');

export const text = (language: PageLanguage, key: TextKey): string => texts[key][language];

/** Every text in one language, for the page's script. */
export const allTexts = (language: PageLanguage): Record<TextKey, string> =>
  Object.fromEntries(Object.entries(texts).map(([key, value]) => [key, value[language]])) as Record<
    TextKey,
    string
  >;
