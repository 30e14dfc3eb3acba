import type { AnnouncementType, BannerGroup, LocalizedText } from '@platform/contract';

/** What a demo banner or promotion pictures (drawn by the content module's demo art). */
export type DemoMotif =
  | 'gift'
  | 'cards'
  | 'balls'
  | 'coins'
  | 'star'
  | 'fish'
  | 'cricket'
  | 'football'
  | 'controller'
  | 'phone'
  | 'chat'
  | 'dice'
  | 'shield'
  | 'trophy';

/**
 * What a fresh demo deployment shows. Banner and promotion art is drawn by the content module's
 * demo-art (a motif on two colours, no text) and made into renditions when seeded, so the demo works
 * offline; vendor logos live in apps/web/public/demo/. Kept apart from seed.ts so the data reads like a catalogue.
 */

export interface DemoBanner {
  key: string;
  group: BannerGroup;
  title: LocalizedText;
  /** a second line under the headline */
  subtitle: LocalizedText;
  /** the call-to-action label; null for a banner that only informs */
  action: LocalizedText | null;
  colors: [string, string];
  motif: DemoMotif;
  link: { type: 'NONE' } | { type: 'ROUTE'; to: string } | { type: 'PROMOTION'; promotion: string };
}

const t = (en: string, bn: string): LocalizedText => ({ en, bn });

export const demoBanners: DemoBanner[] = [
  {
    key: 'home-1',
    group: 'w_home',
    title: t('100% welcome bonus', '১০০% স্বাগতম বোনাস'),
    colors: ['#7b2ff7', '#f107a3'],
    motif: 'gift',
    subtitle: t('Double your first deposit, up to 10,000', 'প্রথম ডিপোজিটে ১০,০০০ পর্যন্ত দ্বিগুণ'),
    action: t('Claim bonus', 'বোনাস নিন'),
    link: { type: 'PROMOTION', promotion: 'welcome' },
  },
  {
    key: 'home-2',
    group: 'w_home',
    title: t('Live casino every night', 'প্রতি রাতে লাইভ ক্যাসিনো'),
    colors: ['#0f2027', '#2c7744'],
    motif: 'cards',
    subtitle: t(
      'Baccarat, roulette and Teen Patti with real dealers',
      'আসল ডিলারের সাথে ব্যাকারাট, রুলেট ও তিন পাত্তি',
    ),
    action: t('Play live', 'লাইভ খেলুন'),
    link: { type: 'ROUTE', to: '/live' },
  },
  {
    key: 'home-3',
    group: 'w_home',
    title: t('Lottery draws all day', 'সারাদিন লটারি ড্র'),
    colors: ['#f7971e', '#c2410c'],
    motif: 'balls',
    subtitle: t('A new draw every few minutes', 'কয়েক মিনিট পরপর নতুন ড্র'),
    action: t('Buy tickets', 'টিকিট কিনুন'),
    link: { type: 'ROUTE', to: '/elott' },
  },
  {
    key: 'rng-1',
    group: 'w_rng',
    title: t('Thousands of slot games', 'হাজারো স্লট গেম'),
    colors: ['#8e2de2', '#4a00e0'],
    motif: 'coins',
    subtitle: t('New titles from the top studios every week', 'প্রতি সপ্তাহে সেরা স্টুডিওর নতুন গেম'),
    action: null,
    link: { type: 'NONE' },
  },
  {
    key: 'rng-2',
    group: 'w_rng',
    title: t('Free spins every Friday', 'প্রতি শুক্রবার ফ্রি স্পিন'),
    colors: ['#ff512f', '#dd2476'],
    motif: 'star',
    subtitle: t('Fifty spins for verified new members', 'যাচাই করা নতুন সদস্যদের জন্য ৫০টি স্পিন'),
    action: t('See offer', 'অফার দেখুন'),
    link: { type: 'PROMOTION', promotion: 'spins' },
  },
  {
    key: 'live-1',
    group: 'w_live',
    title: t('Live baccarat and roulette', 'লাইভ ব্যাকারাট ও রুলেট'),
    colors: ['#141e30', '#9b1c1c'],
    motif: 'cards',
    subtitle: t('Tables open around the clock', 'সারাক্ষণ টেবিল খোলা'),
    action: null,
    link: { type: 'NONE' },
  },
  {
    key: 'live-2',
    group: 'w_live',
    title: t('Real dealers, real time', 'আসল ডিলার, সরাসরি খেলা'),
    colors: ['#232526', '#b45309'],
    motif: 'dice',
    subtitle: t('Streamed in HD from the studio', 'স্টুডিও থেকে এইচডিতে সরাসরি'),
    action: null,
    link: { type: 'NONE' },
  },
  {
    key: 'fish-1',
    group: 'w_fish',
    title: t('Catch the big prize', 'বড় পুরস্কার ধরুন'),
    colors: ['#00c6ff', '#0072ff'],
    motif: 'fish',
    subtitle: t('Boss fish pay up to 500 times', 'বস মাছে ৫০০ গুণ পর্যন্ত জয়'),
    action: null,
    link: { type: 'NONE' },
  },
  {
    key: 'fish-2',
    group: 'w_fish',
    title: t('Fish together with friends', 'বন্ধুদের সাথে মাছ ধরুন'),
    colors: ['#11998e', '#38ef7d'],
    motif: 'fish',
    subtitle: t('Share a table with up to four players', 'চারজন পর্যন্ত খেলোয়াড়ের সাথে একই টেবিলে'),
    action: null,
    link: { type: 'NONE' },
  },
  {
    key: 'pvp-1',
    group: 'w_pvp',
    title: t('Card games with real players', 'আসল খেলোয়াড়দের সাথে কার্ড গেম'),
    colors: ['#654ea3', '#eaafc8'],
    motif: 'cards',
    subtitle: t('Rummy, Teen Patti and Andar Bahar', 'রামি, তিন পাত্তি ও আন্দার বাহার'),
    action: null,
    link: { type: 'NONE' },
  },
  {
    key: 'pvp-2',
    group: 'w_pvp',
    title: t('Teen Patti tournaments', 'তিন পাত্তি টুর্নামেন্ট'),
    colors: ['#b91d73', '#f953c6'],
    motif: 'trophy',
    subtitle: t('Weekly prize tables', 'প্রতি সপ্তাহে পুরস্কারের টেবিল'),
    action: null,
    link: { type: 'NONE' },
  },
  {
    key: 'sports-1',
    group: 'w_sports',
    title: t('Cricket odds every day', 'প্রতিদিন ক্রিকেটের অডস'),
    colors: ['#134e5e', '#71b280'],
    motif: 'cricket',
    subtitle: t('Boost your cricket multiples by up to 30%', 'ক্রিকেট মাল্টিপলে ৩০% পর্যন্ত বাড়তি জয়'),
    action: t('See offer', 'অফার দেখুন'),
    link: { type: 'PROMOTION', promotion: 'cricket' },
  },
  {
    key: 'sports-2',
    group: 'w_sports',
    title: t('Live football betting', 'ফুটবলে লাইভ বেটিং'),
    colors: ['#1d976c', '#93f9b9'],
    motif: 'football',
    subtitle: t('Odds that move with every minute', 'প্রতি মিনিটে বদলানো অডস'),
    action: null,
    link: { type: 'NONE' },
  },
  {
    key: 'esports-1',
    group: 'w_esports',
    title: t('Back your esports team', 'আপনার ই-স্পোর্টস দলে বাজি ধরুন'),
    colors: ['#000428', '#004e92'],
    motif: 'controller',
    subtitle: t('Match and map markets', 'ম্যাচ ও ম্যাপের বাজি'),
    action: null,
    link: { type: 'NONE' },
  },
  {
    key: 'esports-2',
    group: 'w_esports',
    title: t('Dota 2, CS2 and more', 'ডোটা ২, সিএস২ এবং আরও'),
    colors: ['#360033', '#0b8793'],
    motif: 'controller',
    subtitle: t('All the big tournaments', 'সব বড় টুর্নামেন্ট'),
    action: null,
    link: { type: 'NONE' },
  },
  {
    key: 'lott-1',
    group: 'w_lott',
    title: t('A draw every five minutes', 'প্রতি পাঁচ মিনিটে একটি ড্র'),
    colors: ['#f12711', '#f5af19'],
    motif: 'balls',
    subtitle: t('Results the moment the draw closes', 'ড্র শেষ হলেই ফলাফল'),
    action: null,
    link: { type: 'NONE' },
  },
  {
    key: 'lott-2',
    group: 'w_lott',
    title: t('Pick your lucky numbers', 'আপনার ভাগ্যের সংখ্যা বেছে নিন'),
    colors: ['#c31432', '#240b36'],
    motif: 'balls',
    subtitle: t('Every ticket this week enters the lucky draw', 'এই সপ্তাহের প্রতিটি টিকিট লাকি ড্রতে'),
    action: t('See offer', 'অফার দেখুন'),
    link: { type: 'PROMOTION', promotion: 'lottery' },
  },
  {
    key: 'down-1',
    group: 'w_down',
    title: t('Get the app', 'অ্যাপ ডাউনলোড করুন'),
    colors: ['#1f4037', '#99f2c8'],
    motif: 'phone',
    subtitle: t('Faster games and instant alerts', 'দ্রুত গেম ও তাৎক্ষণিক নোটিফিকেশন'),
    action: null,
    link: { type: 'NONE' },
  },
  {
    key: 'down-2',
    group: 'w_down',
    title: t('Play anywhere on Android and iOS', 'অ্যান্ড্রয়েড ও আইওএস-এ যেকোনো জায়গায় খেলুন'),
    colors: ['#2b5876', '#4e4376'],
    motif: 'phone',
    subtitle: t('One account on every device', 'সব ডিভাইসে একটি অ্যাকাউন্ট'),
    action: null,
    link: { type: 'NONE' },
  },
  {
    key: 'promotion-1',
    group: 'w_promotion',
    title: t("This week's promotions", 'এই সপ্তাহের প্রোমোশন'),
    colors: ['#ee0979', '#ff6a00'],
    motif: 'gift',
    subtitle: t('Bonuses, cashback and free spins', 'বোনাস, ক্যাশব্যাক ও ফ্রি স্পিন'),
    action: null,
    link: { type: 'NONE' },
  },
  {
    key: 'promotion-2',
    group: 'w_promotion',
    title: t('Cashback every day', 'প্রতিদিন ক্যাশব্যাক'),
    colors: ['#f857a6', '#ff5858'],
    motif: 'coins',
    subtitle: t("5% of yesterday's net losses back", 'গতকালের নিট ক্ষতির ৫% ফেরত'),
    action: t('See offer', 'অফার দেখুন'),
    link: { type: 'PROMOTION', promotion: 'cashback' },
  },
  {
    key: 'shop-1',
    group: 'w_shop',
    title: t('Points mall: redeem rewards', 'পয়েন্ট মল: পুরস্কার সংগ্রহ করুন'),
    colors: ['#e65c00', '#f9d423'],
    motif: 'gift',
    subtitle: t('Turn your points into gifts', 'পয়েন্টকে উপহারে বদলান'),
    action: null,
    link: { type: 'NONE' },
  },
  {
    key: 'shop-2',
    group: 'w_shop',
    title: t('New gifts every month', 'প্রতি মাসে নতুন উপহার'),
    colors: ['#5a3f37', '#2c7744'],
    motif: 'star',
    subtitle: t('Fresh rewards on the first of the month', 'প্রতি মাসের শুরুতে নতুন পুরস্কার'),
    action: null,
    link: { type: 'NONE' },
  },
  {
    key: 'help-1',
    group: 'w_help',
    title: t('How can we help?', 'আমরা কীভাবে সাহায্য করতে পারি?'),
    colors: ['#3a6186', '#89253e'],
    motif: 'chat',
    subtitle: t('Answers to common questions', 'সাধারণ প্রশ্নের উত্তর'),
    action: null,
    link: { type: 'NONE' },
  },
  {
    key: 'help-2',
    group: 'w_help',
    title: t('Customer service 24/7', '২৪/৭ গ্রাহক সেবা'),
    colors: ['#4b6cb7', '#182848'],
    motif: 'chat',
    subtitle: t('Talk to us any time, day or night', 'দিনে বা রাতে যেকোনো সময় কথা বলুন'),
    action: t('Contact us', 'যোগাযোগ করুন'),
    link: { type: 'ROUTE', to: '/helpmc' },
  },
  {
    key: 'reg-1',
    group: 'w_reg',
    title: t('Open an account in a minute', 'এক মিনিটে অ্যাকাউন্ট খুলুন'),
    colors: ['#7f00ff', '#e100ff'],
    motif: 'star',
    subtitle: t('Just a username and a password', 'শুধু ইউজারনেম ও পাসওয়ার্ড'),
    action: null,
    link: { type: 'NONE' },
  },
  {
    key: 'reg-2',
    group: 'w_reg',
    title: t('A welcome bonus for new players', 'নতুন খেলোয়াড়দের জন্য স্বাগতম বোনাস'),
    colors: ['#fc4a1a', '#f7b733'],
    motif: 'gift',
    subtitle: t('Double your first deposit', 'প্রথম ডিপোজিটে দ্বিগুণ'),
    action: t('See offer', 'অফার দেখুন'),
    link: { type: 'PROMOTION', promotion: 'welcome' },
  },
  {
    key: 'inhouse-1',
    group: 'w_inhouse',
    title: t('Our own games: crash, dice and more', 'আমাদের নিজস্ব গেম: ক্র্যাশ, ডাইস এবং আরও'),
    colors: ['#0f0c29', '#302b63'],
    motif: 'dice',
    subtitle: t('Fast rounds, fair odds', 'দ্রুত রাউন্ড, ন্যায্য অডস'),
    action: null,
    link: { type: 'NONE' },
  },
  {
    key: 'inhouse-2',
    group: 'w_inhouse',
    title: t('Every round can be verified', 'প্রতিটি রাউন্ড যাচাই করা যায়'),
    colors: ['#16222a', '#3a6073'],
    motif: 'shield',
    subtitle: t('Provably fair: check any result yourself', 'যেকোনো ফলাফল নিজেই যাচাই করুন'),
    action: null,
    link: { type: 'NONE' },
  },
];

export interface DemoPromotion {
  key: string;
  category: 'new_player' | 'daily' | 'vip' | 'slots' | 'live' | 'sports' | 'lottery';
  motif: DemoMotif;
  action: LocalizedText;
  title: LocalizedText;
  summary: LocalizedText;
  content: LocalizedText;
  colors: [string, string];
  /** days from now; null never ends */
  endsInDays: number | null;
}

export const demoPromotions: DemoPromotion[] = [
  {
    key: 'welcome',
    category: 'new_player',
    motif: 'gift',
    action: t('Claim bonus', 'বোনাস নিন'),
    title: t('100% welcome bonus', '১০০% স্বাগতম বোনাস'),
    summary: t('Double your first deposit, up to 10,000.', 'প্রথম ডিপোজিটে ১০,০০০ পর্যন্ত দ্বিগুণ বোনাস।'),
    content: t(
      'Make your first deposit within 7 days of registering and we add the same amount as a bonus, up to 10,000.\n\nThe bonus must be wagered 10 times on slots or fishing games before it can be withdrawn.\n\nOne bonus per person, household and device.',
      'নিবন্ধনের ৭ দিনের মধ্যে প্রথম ডিপোজিট করুন, আমরা সমপরিমাণ বোনাস যোগ করব, সর্বোচ্চ ১০,০০০ পর্যন্ত।\n\nবোনাস উত্তোলনের আগে স্লট বা ফিশিং গেমে ১০ বার বাজি ধরতে হবে।\n\nপ্রতি ব্যক্তি, পরিবার ও ডিভাইসে একটি বোনাস।',
    ),
    colors: ['#7b2ff7', '#f107a3'],
    endsInDays: null,
  },
  {
    key: 'spins',
    category: 'new_player',
    motif: 'star',
    action: t('Get spins', 'স্পিন নিন'),
    title: t('50 free spins for new members', 'নতুন সদস্যদের জন্য ৫০টি ফ্রি স্পিন'),
    summary: t(
      'Verify your mobile number and spin for free.',
      'মোবাইল নম্বর যাচাই করুন এবং বিনামূল্যে স্পিন করুন।',
    ),
    content: t(
      'New members who verify their mobile number receive 50 free spins on selected PG slots.\n\nWinnings from free spins are credited as bonus and must be wagered 5 times.',
      'যে নতুন সদস্যরা মোবাইল নম্বর যাচাই করবেন তারা নির্বাচিত PG স্লটে ৫০টি ফ্রি স্পিন পাবেন।\n\nফ্রি স্পিনের জয় বোনাস হিসেবে জমা হবে এবং ৫ বার বাজি ধরতে হবে।',
    ),
    colors: ['#ff512f', '#dd2476'],
    endsInDays: 90,
  },
  {
    key: 'cashback',
    category: 'daily',
    motif: 'coins',
    action: t('See details', 'বিস্তারিত দেখুন'),
    title: t('5% daily cashback', 'প্রতিদিন ৫% ক্যাশব্যাক'),
    summary: t("Get back 5% of yesterday's net losses.", 'গতকালের নিট ক্ষতির ৫% ফেরত পান।'),
    content: t(
      "Every day at noon we return 5% of the previous day's net losses on all games, up to 5,000.\n\nCashback has no wagering requirement.",
      'প্রতিদিন দুপুরে আমরা সব গেমে আগের দিনের নিট ক্ষতির ৫% ফেরত দিই, সর্বোচ্চ ৫,০০০ পর্যন্ত।\n\nক্যাশব্যাকের কোনো বাজির শর্ত নেই।',
    ),
    colors: ['#11998e', '#38ef7d'],
    endsInDays: null,
  },
  {
    key: 'vip',
    category: 'vip',
    motif: 'trophy',
    action: t('See details', 'বিস্তারিত দেখুন'),
    title: t('VIP monthly gift', 'ভিআইপি মাসিক উপহার'),
    summary: t(
      'A gift every month that grows with your rank.',
      'প্রতি মাসে একটি উপহার, যা আপনার র‍্যাঙ্কের সাথে বাড়ে।',
    ),
    content: t(
      'Members of rank 3 and above receive a gift on the first day of each month. The higher the rank, the bigger the gift.\n\nYour rank is calculated from your valid bets over the last 30 days.',
      'র‍্যাঙ্ক ৩ ও তার উপরের সদস্যরা প্রতি মাসের প্রথম দিনে একটি উপহার পান। র‍্যাঙ্ক যত বেশি, উপহার তত বড়।\n\nগত ৩০ দিনের বৈধ বাজি থেকে আপনার র‍্যাঙ্ক গণনা করা হয়।',
    ),
    colors: ['#e65c00', '#f9d423'],
    endsInDays: null,
  },
  {
    key: 'cricket',
    category: 'sports',
    motif: 'cricket',
    action: t('See details', 'বিস্তারিত দেখুন'),
    title: t('Cricket accumulator boost', 'ক্রিকেট অ্যাকুমুলেটর বুস্ট'),
    summary: t('Up to 30% extra winnings on cricket multiples.', 'ক্রিকেট মাল্টিপল বাজিতে ৩০% পর্যন্ত বাড়তি জয়।'),
    content: t(
      'Combine 3 or more cricket selections in one bet and earn extra winnings: 3 legs 10%, 5 legs 20%, 7 or more legs 30%.\n\nEach selection needs odds of at least 1.30.',
      'একটি বাজিতে ৩ বা তার বেশি ক্রিকেট নির্বাচন যুক্ত করুন এবং বাড়তি জয় পান: ৩টিতে ১০%, ৫টিতে ২০%, ৭টি বা তার বেশিতে ৩০%।\n\nপ্রতিটি নির্বাচনের অডস কমপক্ষে ১.৩০ হতে হবে।',
    ),
    colors: ['#134e5e', '#71b280'],
    endsInDays: 60,
  },
  {
    key: 'lottery',
    category: 'lottery',
    motif: 'balls',
    action: t('See details', 'বিস্তারিত দেখুন'),
    title: t('Lottery lucky draw', 'লটারি লাকি ড্র'),
    summary: t(
      'Every ticket this week enters the lucky draw.',
      'এই সপ্তাহের প্রতিটি টিকিট লাকি ড্রতে অংশ নেবে।',
    ),
    content: t(
      'Buy lottery tickets this week and each ticket becomes an entry in our Sunday lucky draw.\n\nTwenty winners share the prize pool; results are announced on the announcements page.',
      'এই সপ্তাহে লটারির টিকিট কিনুন, প্রতিটি টিকিট রবিবারের লাকি ড্রতে একটি এন্ট্রি হবে।\n\nবিশজন বিজয়ী পুরস্কারের অর্থ ভাগ করে নেবেন; ফলাফল ঘোষণা পাতায় জানানো হবে।',
    ),
    colors: ['#f12711', '#f5af19'],
    endsInDays: 7,
  },
];

export interface DemoAnnouncement {
  type: AnnouncementType;
  title: LocalizedText;
  content: LocalizedText;
}

/** Newest first; twelve so the announcements modal has two pages of nine. */
export const demoAnnouncements: DemoAnnouncement[] = [
  {
    type: 'B',
    title: t('Welcome to Khela', 'খেলায় স্বাগতম'),
    content: t(
      'Play responsibly. Only players aged 18 or older may register.',
      'দায়িত্বের সাথে খেলুন। শুধুমাত্র ১৮ বছর বা তার বেশি বয়সীরা নিবন্ধন করতে পারবেন।',
    ),
  },
  {
    type: 'PU',
    title: t('New: lottery every five minutes', 'নতুন: প্রতি পাঁচ মিনিটে লটারি'),
    content: t(
      'Our fast lottery now draws every five minutes, all day long.',
      'আমাদের দ্রুত লটারি এখন সারাদিন প্রতি পাঁচ মিনিটে ড্র হয়।',
    ),
  },
  {
    type: 'PR',
    title: t('Welcome bonus doubled', 'স্বাগতম বোনাস দ্বিগুণ'),
    content: t(
      'New players get a 100% bonus on their first deposit. See Promotions for details.',
      'নতুন খেলোয়াড়রা প্রথম ডিপোজিটে ১০০% বোনাস পাবেন। বিস্তারিত প্রোমোশন পাতায় দেখুন।',
    ),
  },
  {
    type: 'PL',
    title: t('Keep your password safe', 'আপনার পাসওয়ার্ড নিরাপদ রাখুন'),
    content: t(
      'Our staff will never ask for your password. Do not share it with anyone.',
      'আমাদের কর্মীরা কখনও আপনার পাসওয়ার্ড চাইবে না। কাউকে এটি জানাবেন না।',
    ),
  },
  {
    type: 'H',
    title: t('How to download the app', 'কীভাবে অ্যাপ ডাউনলোড করবেন'),
    content: t(
      'Open the download page, scan the QR code with your phone and follow the four steps.',
      'ডাউনলোড পাতা খুলুন, ফোন দিয়ে QR কোড স্ক্যান করুন এবং চারটি ধাপ অনুসরণ করুন।',
    ),
  },
  {
    type: 'B',
    title: t('Scheduled maintenance on Tuesday', 'মঙ্গলবার নির্ধারিত রক্ষণাবেক্ষণ'),
    content: t(
      'The site will be unavailable on Tuesday from 02:00 to 04:00 for maintenance.',
      'রক্ষণাবেক্ষণের জন্য মঙ্গলবার রাত ২টা থেকে ৪টা পর্যন্ত সাইট বন্ধ থাকবে।',
    ),
  },
  {
    type: 'PR',
    title: t('Daily cashback is live', 'দৈনিক ক্যাশব্যাক চালু হয়েছে'),
    content: t(
      "Get 5% of yesterday's net losses back every day at noon.",
      'প্রতিদিন দুপুরে গতকালের নিট ক্ষতির ৫% ফেরত পান।',
    ),
  },
  {
    type: 'PL',
    title: t('Verify your mobile number', 'আপনার মোবাইল নম্বর যাচাই করুন'),
    content: t(
      'A verified number lets you log in with an SMS code and recover your account.',
      'যাচাই করা নম্বর দিয়ে আপনি SMS কোডে লগইন ও অ্যাকাউন্ট পুনরুদ্ধার করতে পারবেন।',
    ),
  },
  {
    type: 'PU',
    title: t('Cricket season is here', 'ক্রিকেট মৌসুম এসে গেছে'),
    content: t(
      'Bet on every match of the season with live odds.',
      'লাইভ অডস সহ মৌসুমের প্রতিটি ম্যাচে বাজি ধরুন।',
    ),
  },
  {
    type: 'H',
    title: t('Withdrawal times', 'উত্তোলনের সময়'),
    content: t(
      'Most withdrawals are paid within 30 minutes. Bank transfers may take up to 24 hours.',
      'বেশিরভাগ উত্তোলন ৩০ মিনিটের মধ্যে পরিশোধ হয়। ব্যাংক ট্রান্সফারে ২৪ ঘণ্টা পর্যন্ত লাগতে পারে।',
    ),
  },
  {
    type: 'B',
    title: t('New slot games added', 'নতুন স্লট গেম যোগ হয়েছে'),
    content: t('New demo slot games are now in the lobby.', 'নতুন ডেমো স্লট গেম এখন লবিতে।'),
  },
  {
    type: 'PR',
    title: t('Refer a friend', 'বন্ধুকে আমন্ত্রণ জানান'),
    content: t(
      'Invite friends with your referral code and earn a reward for each one who plays.',
      'আপনার রেফারেল কোড দিয়ে বন্ধুদের আমন্ত্রণ জানান এবং প্রত্যেকে খেললে পুরস্কার পান।',
    ),
  },
];

/** The agent centre's announcements (audience agent): never in the public list. Newest first. */
export const demoAgentAnnouncements: DemoAnnouncement[] = [
  {
    type: 'PL',
    title: t('Real-time salary is settled every 5 minutes', 'রিয়েল-টাইম বেতন প্রতি ৫ মিনিটে নিষ্পত্তি হয়'),
    content: t(
      "Your real-time salary is now paid every five minutes on your team's valid bets since the last payment. See My income for the figures behind each payment.",
      'আপনার রিয়েল-টাইম বেতন এখন শেষ পেমেন্টের পর থেকে দলের বৈধ বাজির উপর প্রতি পাঁচ মিনিটে দেওয়া হয়। প্রতিটি পেমেন্টের হিসাব আমার আয় পাতায় দেখুন।',
    ),
  },
  {
    type: 'PR',
    title: t('Dividend periods: 1st and 16th', 'লভ্যাংশের মেয়াদ: ১ ও ১৬ তারিখ'),
    content: t(
      'Semimonthly dividends are settled for the periods starting on the 1st and the 16th. A period your team won is carried into the next one.',
      'অর্ধমাসিক লভ্যাংশ ১ ও ১৬ তারিখ থেকে শুরু হওয়া মেয়াদে নিষ্পত্তি হয়। যে মেয়াদে আপনার দল জিতেছে তা পরের মেয়াদে যোগ হয়।',
    ),
  },
  {
    type: 'H',
    title: t('Invite links carry your offer', 'আমন্ত্রণ লিঙ্কে আপনার প্রস্তাব থাকে'),
    content: t(
      'In the registration centre, an invite link for agents can carry a contract offer; the new agent accepts it after signing up.',
      'নিবন্ধন কেন্দ্রে এজেন্টদের আমন্ত্রণ লিঙ্কে একটি চুক্তির প্রস্তাব থাকতে পারে; নতুন এজেন্ট নিবন্ধনের পর তা গ্রহণ করেন।',
    ),
  },
];

export interface DemoHelpSection {
  title: LocalizedText;
  articles: { title: LocalizedText; content: LocalizedText }[];
}

export const demoHelpCenter: DemoHelpSection[] = [
  {
    title: t('About us', 'আমাদের সম্পর্কে'),
    articles: [
      {
        title: t('Who we are', 'আমরা কারা'),
        content: t(
          'Khela is an online gaming and lottery site for players in Bangladesh and beyond.\n\nWe offer live casino, slots, fishing, card games, sports, esports and lottery.',
          'খেলা বাংলাদেশ ও অন্যান্য দেশের খেলোয়াড়দের জন্য একটি অনলাইন গেমিং ও লটারি সাইট।\n\nআমরা লাইভ ক্যাসিনো, স্লট, ফিশিং, কার্ড গেম, স্পোর্টস, ই-স্পোর্টস ও লটারি দিই।',
        ),
      },
      {
        title: t('Responsible gaming', 'দায়িত্বশীল খেলা'),
        content: t(
          'Gaming should be fun. Set yourself limits and never bet more than you can afford to lose.\n\nIf you need a break, contact customer service to close your account for a while.',
          'খেলা আনন্দের জন্য। নিজের জন্য সীমা ঠিক করুন এবং যতটা হারাতে পারবেন তার বেশি কখনও বাজি ধরবেন না।\n\nবিরতি প্রয়োজন হলে কিছু সময়ের জন্য অ্যাকাউন্ট বন্ধ রাখতে গ্রাহক সেবায় যোগাযোগ করুন।',
        ),
      },
    ],
  },
  {
    title: t('Account', 'অ্যাকাউন্ট'),
    articles: [
      {
        title: t('How to register', 'কীভাবে নিবন্ধন করবেন'),
        content: t(
          'Tap Register, choose a username and password, or register with your mobile number and an SMS code.',
          'নিবন্ধন চাপুন, একটি ইউজারনেম ও পাসওয়ার্ড বেছে নিন, অথবা মোবাইল নম্বর ও SMS কোড দিয়ে নিবন্ধন করুন।',
        ),
      },
      {
        title: t('I forgot my password', 'আমি পাসওয়ার্ড ভুলে গেছি'),
        content: t(
          'On the login window choose Forgot password and reset it by email or by a code sent to your mobile.',
          'লগইন উইন্ডোতে "পাসওয়ার্ড ভুলে গেছেন" বেছে নিন এবং ইমেইল বা মোবাইলে পাঠানো কোড দিয়ে নতুন পাসওয়ার্ড দিন।',
        ),
      },
      {
        title: t('Keeping your account safe', 'আপনার অ্যাকাউন্ট নিরাপদ রাখা'),
        content: t(
          'Use a password you use nowhere else, and never share it or your SMS codes.',
          'এমন পাসওয়ার্ড ব্যবহার করুন যা অন্য কোথাও ব্যবহার করেন না, এবং পাসওয়ার্ড বা SMS কোড কাউকে দেবেন না।',
        ),
      },
    ],
  },
  {
    title: t('Deposits and withdrawals', 'জমা ও উত্তোলন'),
    articles: [
      {
        title: t('How to deposit', 'কীভাবে জমা করবেন'),
        content: t(
          'Open My wallet, choose Deposit, pick a payment method and follow the instructions.',
          'আমার ওয়ালেট খুলুন, জমা বেছে নিন, একটি পেমেন্ট পদ্ধতি নির্বাচন করুন এবং নির্দেশনা অনুসরণ করুন।',
        ),
      },
      {
        title: t('How to withdraw', 'কীভাবে উত্তোলন করবেন'),
        content: t(
          'Open My wallet, choose Withdraw, enter the amount and your payment password.',
          'আমার ওয়ালেট খুলুন, উত্তোলন বেছে নিন, পরিমাণ ও পেমেন্ট পাসওয়ার্ড লিখুন।',
        ),
      },
      {
        title: t('How long does it take?', 'কত সময় লাগে?'),
        content: t(
          'Deposits arrive within minutes. Most withdrawals are paid within 30 minutes.',
          'জমা কয়েক মিনিটের মধ্যে পৌঁছে যায়। বেশিরভাগ উত্তোলন ৩০ মিনিটের মধ্যে পরিশোধ হয়।',
        ),
      },
    ],
  },
  {
    title: t('Terms and rules', 'শর্তাবলি ও নিয়ম'),
    articles: [
      {
        title: t('User agreement', 'ব্যবহারকারী চুক্তি'),
        content: t(
          'By registering you confirm you are of legal age and accept our rules.\n\nOne account per person. Accounts used for fraud are closed.',
          'নিবন্ধনের মাধ্যমে আপনি নিশ্চিত করছেন যে আপনার বয়স আইনত যথেষ্ট এবং আপনি আমাদের নিয়ম মেনে নিচ্ছেন।\n\nপ্রতি ব্যক্তির একটি অ্যাকাউন্ট। প্রতারণায় ব্যবহৃত অ্যাকাউন্ট বন্ধ করা হয়।',
        ),
      },
      {
        title: t('Privacy', 'গোপনীয়তা'),
        content: t(
          'We keep your personal data only to run your account and never sell it.',
          'আমরা শুধু আপনার অ্যাকাউন্ট চালানোর জন্য ব্যক্তিগত তথ্য রাখি এবং কখনও বিক্রি করি না।',
        ),
      },
      {
        title: t('Bonus rules', 'বোনাসের নিয়ম'),
        content: t(
          'Each promotion lists its own wagering requirement. Bonuses cannot be combined unless stated.',
          'প্রতিটি প্রোমোশনে নিজস্ব বাজির শর্ত দেওয়া থাকে। উল্লেখ না থাকলে বোনাস একসাথে মেলানো যায় না।',
        ),
      },
    ],
  },
];
