import { z } from 'zod';
import { call } from './call.js';
import { gameCategories } from './constants.js';
import { inputText } from './input-text.js';
import { languageSchema } from './languages.js';
import { moneyStringSchema } from './money.js';

export const gameCategorySchema = z.enum(gameCategories);
export type GameCategory = z.infer<typeof gameCategorySchema>;

export const vendorCardSchema = z.object({
  vassalage: z.string(),
  title: z.string(),
  isHot: z.boolean(),
  smallIcon: z.string().nullable(),
  gameClassify: z.string().nullable(),
});
export type VendorCard = z.infer<typeof vendorCardSchema>;

export const vendorCategorySchema = z.object({
  gameCategory: gameCategorySchema,
  vendors: z.array(vendorCardSchema),
});
export type VendorCategory = z.infer<typeof vendorCategorySchema>;
export const vendorListSchema = z.object({ categories: z.array(vendorCategorySchema) });
export type VendorList = z.infer<typeof vendorListSchema>;

/** What an operator supplies to add a vendor (the operator tool today, a back office later). */
export const newVendorSchema = z.object({
  /** the provider code, e.g. PG; upper case letters, digits and _ */
  vassalage: z.string().regex(/^[A-Z0-9_]{1,40}$/, 'upper case letters, digits or _, at most 40'),
  /** SPORTS vendors listed in the site.esportsVendors setting show under ESPORTS */
  category: gameCategorySchema,
  title: z.string().trim().min(1).max(100),
  isHot: z.boolean().default(false),
  smallIcon: z
    .string()
    .max(2000)
    .regex(/^(\/|https?:\/\/)\S+$/, 'must be a path starting with / or an http(s) address')
    .nullable()
    .default(null),
  gameClassify: z.string().min(1).max(40).nullable().default(null),
  sortOrder: z.number().int().min(-1_000_000).max(1_000_000).default(0),
});
export type NewVendor = z.input<typeof newVendorSchema>;

/** Where a game runs: SPEC's platform values (the lobby asks for html5-desktop or html5). */
export const gamePlatforms = ['html5-desktop', 'html5', 'flash'] as const;
export const gamePlatformSchema = z.enum(gamePlatforms);

/** A game's public id, e.g. JILI-0042: the vendor's code and the vendor's own game code. */
export const nodeIdSchema = inputText(100).regex(/^[A-Z0-9_]{1,40}-[A-Za-z0-9_.-]{1,59}$/, 'not a game id');

/** One game of the catalogue, as the lobby shows it (SPEC section 3's game item). */
export const gameItemSchema = z.object({
  nodeId: z.string(),
  vassalage: z.string(),
  /** the lobby category (RNG, LIVE, FISH, ...); SPORTS vendors listed as esports answer ESPORTS */
  gameType: gameCategorySchema,
  gameCode: z.string(),
  gameName: z.string(),
  gameClassify: z.string().nullable(),
  /** the smallest stake, decimal major units */
  minBet: z.string(),
  minLineNum: z.number().int().nullable(),
  platform: z.array(gamePlatformSchema),
  imageUrl: z.string().nullable(),
  isHot: z.boolean(),
  isNew: z.boolean(),
});
export type GameItem = z.infer<typeof gameItemSchema>;

const platformQuery = inputText(100)
  .transform((value) =>
    value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  )
  .pipe(z.array(gamePlatformSchema).max(3));

/** A filter that is on or absent: '1' or 'true' (anything else is refused, not read as off). */
const onlyFlag = z.enum(['1', 'true']).transform(() => true as const);

/** The game list's filters (SPEC section 7; the page is 42 games unless asked otherwise). */
export const gameListQuerySchema = z.object({
  gameType: gameCategorySchema.optional(),
  vassalage: inputText(40)
    .regex(/^[A-Z0-9_]{1,40}$/, 'not a vendor code')
    .optional(),
  gameClassify: inputText(40).optional(),
  /** part of the name, any case */
  gameName: inputText(60).optional(),
  /** games whose smallest stake is at most this amount */
  minBet: moneyStringSchema.optional(),
  /** games with at least this many lines */
  minLineNum: z.coerce.number().int().min(1).max(10_000).optional(),
  platform: platformQuery.optional(),
  language: inputText(10).optional(),
  clientType: inputText(10).optional(),
  /** isHot=1: only games marked hot; isNew=1: only games marked new (home's rows) */
  isHot: onlyFlag.optional(),
  isNew: onlyFlag.optional(),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(42),
});
export type GameListQuery = z.input<typeof gameListQuerySchema>;

export const gameListSchema = z.object({
  games: z.array(gameItemSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
  totalPages: z.number().int(),
});
export type GameList = z.infer<typeof gameListSchema>;

export const hotGamesQuerySchema = z.object({
  vassalage: inputText(40)
    .regex(/^[A-Z0-9_]{1,40}$/, 'not a vendor code')
    .optional(),
  gameType: gameCategorySchema.optional(),
  platform: platformQuery.optional(),
  isPlatform: inputText(4).optional(),
  merchantCode: inputText(40).optional(),
  language: inputText(10).optional(),
  limit: z.coerce.number().int().min(1).max(60).default(24),
});
export const gameRowSchema = z.object({ list: z.array(gameItemSchema) });

export const memberGamesQuerySchema = z.object({
  vassalage: inputText(40)
    .regex(/^[A-Z0-9_]{1,40}$/, 'not a vendor code')
    .optional(),
  gameType: gameCategorySchema.optional(),
  clientType: inputText(10).optional(),
  platform: inputText(100).optional(),
  language: inputText(10).optional(),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(42),
});
export const recentGamesSchema = z.object({
  list: z.array(gameItemSchema),
  totalPages: z.number().int(),
});
export const favouriteGamesSchema = z.object({
  content: z.array(gameItemSchema),
  totalPages: z.number().int(),
});
export const favouriteIdsSchema = z.object({ ids: z.array(z.string()) });
export const favouriteBodySchema = z.object({
  nodeId: nodeIdSchema,
  vendor: inputText(40).optional(),
  gameType: inputText(20).optional(),
});
export const favouriteQuerySchema = z.object({ nodeId: nodeIdSchema });
export const favouriteChangeSchema = z.object({ nodeId: z.string(), favourite: z.boolean() });

/**
 * SPEC section 3's launch request. The server needs only the game (nodeId) and the language; the other
 * fields are what the site sends and are accepted, checked for size, and not trusted (the session says
 * who plays, the server's own settings say the merchant).
 */
/** Where a vendor's games open (provider_vendor.launch_mode). */
export const gameLaunchModes = ['frame', 'window'] as const;
export type GameLaunchMode = (typeof gameLaunchModes)[number];

export const launchGameBodySchema = z.object({
  nodeId: nodeIdSchema,
  gameId: inputText(100).optional(),
  roomId: inputText(100).optional(),
  accountType: inputText(10).optional(),
  confirmTrans: z.union([z.boolean(), inputText(10)]).optional(),
  vassalage: inputText(40).optional(),
  launchMode: inputText(20).optional(),
  platform: inputText(40).optional(),
  clientType: inputText(10).optional(),
  username: inputText(60).optional(),
  token: inputText(200).optional(),
  merchantCode: inputText(40).optional(),
  language: languageSchema.default('bn'),
});
export type LaunchGameRequest = z.input<typeof launchGameBodySchema>;

export const launchGameSchema = z.object({
  /** where the game opens (the /game iframe or a new window) */
  game_url: z.string(),
  /** the same game for a phone-sized window, when the vendor has one; else game_url again */
  game_url2: z.string(),
  /** real money, or a trial account's demo money */
  mode: z.enum(['real', 'demo']),
  /** where the vendor's games open: the /game page's frame, or a window of their own */
  launch_mode: z.enum(gameLaunchModes),
});
export type LaunchGame = z.infer<typeof launchGameSchema>;

/** What an operator imports (JSON or CSV rows): one game of a vendor. */
export const newGameSchema = z.object({
  vassalage: z.string().regex(/^[A-Z0-9_]{1,40}$/, 'upper case letters, digits or _, at most 40'),
  gameCode: z.string().regex(/^[A-Za-z0-9_.-]{1,59}$/, 'letters, digits, _ . or -, at most 59'),
  gameName: z.string().trim().min(1).max(120),
  gameClassify: z.string().trim().min(1).max(40).nullable().default(null),
  minBet: moneyStringSchema.refine((value) => !value.startsWith('-'), 'must not be negative').default('0.10'),
  minLineNum: z.coerce.number().int().min(1).max(10_000).nullable().default(null),
  platform: z.array(gamePlatformSchema).min(1).default(['html5-desktop', 'html5']),
  imageUrl: z
    .string()
    .max(2000)
    .regex(/^(\/|https?:\/\/)\S+$/, 'must be a path starting with / or an http(s) address')
    .nullable()
    .default(null),
  isHot: z.boolean().default(false),
  isNew: z.boolean().default(false),
  enabled: z.boolean().default(true),
  sortOrder: z.coerce.number().int().min(-1_000_000).max(1_000_000).default(0),
});
export type NewGame = z.input<typeof newGameSchema>;

/**
 * Home's ticker: the latest big wins of real-money rounds (ADR 023). The player is masked (the first
 * two and last letter of the username); neither the member's id nor the round's is ever sent.
 */
export const bigWinsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(20).default(10),
});
export const bigWinSchema = z.object({
  /** e.g. pl***7 */
  player: z.string(),
  gameName: z.string(),
  /** the game, for a link to it; null when the catalogue no longer lists it */
  nodeId: z.string().nullable(),
  /** what the round paid, decimal major units */
  amount: moneyStringSchema,
  /** the win as a multiple of the stake, one decimal; null for a free round */
  multiplier: z.number().nullable(),
  /** when the round closed (ISO 8601) */
  at: z.string(),
});
export type BigWin = z.infer<typeof bigWinSchema>;
export const bigWinsSchema = z.object({ list: z.array(bigWinSchema) });
export type BigWins = z.infer<typeof bigWinsSchema>;

/**
 * The lobby's vendors and games (SPEC section 7), the member's favourites and recent games. Trial
 * accounts (type 4) are warned and refused the member's lists (SPEC section 5).
 */
export const gameCalls = {
  gameVendors: call({
    method: 'GET',
    path: '/wps/game/vendors',
    access: 'public',
    response: vendorListSchema,
  }),
  gameList: call({
    method: 'GET',
    path: '/wps/game/list',
    access: 'public',
    query: gameListQuerySchema,
    response: gameListSchema,
  }),
  hotGames: call({
    method: 'GET',
    path: '/wps/game/hot',
    access: 'public',
    query: hotGamesQuerySchema,
    response: gameRowSchema,
  }),
  recentGames: call({
    method: 'GET',
    path: '/wps/game/recent',
    access: 'member-real',
    query: memberGamesQuerySchema,
    response: recentGamesSchema,
  }),
  favouriteGames: call({
    method: 'GET',
    path: '/wps/game/favourites',
    access: 'member-real',
    query: memberGamesQuerySchema,
    response: favouriteGamesSchema,
  }),
  favouriteGameIds: call({
    method: 'GET',
    path: '/wps/game/favourites/ids',
    access: 'member-real',
    response: favouriteIdsSchema,
  }),
  addFavouriteGame: call({
    method: 'POST',
    path: '/wps/game/favourites',
    access: 'member-real',
    body: favouriteBodySchema,
    response: favouriteChangeSchema,
  }),
  launchGame: call({
    method: 'POST',
    path: '/wps/game/launchGame',
    // Trial accounts may open the games of vendors that allow demo play; the service decides.
    access: 'member',
    body: launchGameBodySchema,
    response: launchGameSchema,
  }),
  bigWins: call({
    method: 'GET',
    path: '/wps/game/big-wins',
    access: 'public',
    query: bigWinsQuerySchema,
    response: bigWinsSchema,
  }),
  removeFavouriteGame: call({
    method: 'DELETE',
    path: '/wps/game/favourites',
    access: 'member-real',
    query: favouriteQuerySchema,
    response: favouriteChangeSchema,
  }),
};
