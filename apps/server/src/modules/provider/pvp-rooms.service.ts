import type { GameCategory, GameItem, PvpRoom, PvpRooms, PvpRoomsQuery } from '@platform/contract';
import { z } from 'zod';
import type { Executor } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { ServiceLogger } from '../../lib/deps.js';
import { providerRepository as repo } from './provider.repository.js';

/** A vendor's room list is kept this long: seats change, but a lobby full of players asks often. */
export const PVP_ROOMS_CACHE_MS = 3_000;
/** A vendor that did not answer is asked again after this long, not on every lobby call. */
export const PVP_ROOMS_FAILURE_CACHE_MS = 1_000;
/** How long a vendor has to answer before its rooms are left out. */
export const PVP_ROOMS_TIMEOUT_MS = 2_000;

/** What a vendor answers at its rooms address (docs/decisions/024-pvp-rooms-and-esports.md). */
const vendorRoomsSchema = z.object({
  rooms: z
    .array(
      z.object({
        roomId: z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/),
        gameCode: z.string().min(1).max(59),
        name: z.object({ en: z.string().max(100), bn: z.string().max(100) }),
        minBet: z.string().regex(/^\d{1,12}(\.\d{1,2})?$/),
        seats: z.array(z.object({ seat: z.number().int().min(0), taken: z.boolean() })).max(20),
      }),
    )
    .max(200),
});
type VendorRooms = z.infer<typeof vendorRoomsSchema>['rooms'];

/** Reads a vendor's room list; null when it did not answer, or answered something else. */
export type RoomsFetcher = (url: string) => Promise<unknown>;

export const fetchRoomsOverHttp: RoomsFetcher = async (url) => {
  const response = await fetch(url, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(PVP_ROOMS_TIMEOUT_MS),
    redirect: 'error',
  });
  if (!response.ok) throw new Error(`rooms: HTTP ${response.status}`);
  return response.json();
};

export interface PvpRoomsDeps {
  db: Executor;
  clock: Clock;
  /** each active vendor's lobby category */
  categories(): Promise<Map<string, GameCategory>>;
  /** the lobby's PVP games of a vendor: a room is shown only for a game the lobby offers */
  games(vendorCode: string): Promise<GameItem[]>;
  fetchRooms?: RoomsFetcher;
  logger: ServiceLogger;
}

interface CacheEntry {
  at: number;
  ttl: number;
  value: Promise<VendorRooms | null>;
}

/**
 * SPEC section 7's PVP rooms: the rooms of every active PVP vendor (or the one asked for), each read
 * from the vendor and kept PVP_ROOMS_CACHE_MS. A vendor that does not answer in time leaves its rooms
 * out and the answer says so (state partial or unavailable); the call itself never fails for it.
 */
export class PvpRoomsService {
  private readonly cache = new Map<string, CacheEntry>();
  private readonly fetchRooms: RoomsFetcher;

  constructor(private readonly deps: PvpRoomsDeps) {
    this.fetchRooms = deps.fetchRooms ?? fetchRoomsOverHttp;
  }

  async rooms(query: PvpRoomsQuery): Promise<PvpRooms> {
    const categories = await this.deps.categories();
    const pvpVendors = [...categories]
      .filter(([vendor, category]) => category === 'PVP' && (!query.vassalage || vendor === query.vassalage))
      .map(([vendor]) => vendor);
    const terms = await repo.vendors(this.deps.db);
    const asked = pvpVendors.flatMap((vendorCode) => {
      const row = terms.find((item) => item.vendorCode === vendorCode);
      const url = row?.active ? row.roomsUrl : null;
      return url ? [{ vendorCode, url }] : [];
    });
    if (asked.length === 0) return { state: 'none', rooms: [] };

    const answers = await Promise.all(
      asked.map(async ({ vendorCode, url }) => ({
        vendorCode,
        rooms: await this.vendorRooms(vendorCode, url),
      })),
    );
    const rooms: PvpRoom[] = [];
    for (const { vendorCode, rooms: vendorRooms } of answers) {
      if (!vendorRooms) continue;
      const games = await this.deps.games(vendorCode);
      const byCode = new Map(games.map((game) => [game.gameCode, game]));
      for (const room of vendorRooms) {
        const game = byCode.get(room.gameCode);
        // A room of a game the lobby does not offer (turned off, not imported) is not shown.
        if (!game || (query.gameCode && room.gameCode !== query.gameCode)) continue;
        rooms.push({
          roomId: room.roomId,
          nodeId: game.nodeId,
          vassalage: vendorCode,
          gameCode: room.gameCode,
          gameName: game.gameName,
          name: room.name,
          minBet: room.minBet,
          seats: room.seats,
          seatsFree: room.seats.filter((seat) => !seat.taken).length,
        });
      }
    }
    const answered = answers.filter((answer) => answer.rooms !== null).length;
    const state = answered === answers.length ? 'ok' : answered === 0 ? 'unavailable' : 'partial';
    return { state, rooms };
  }

  /** One vendor's rooms, from the cache while fresh; null when the vendor did not answer. */
  private vendorRooms(vendorCode: string, url: string): Promise<VendorRooms | null> {
    const now = this.deps.clock.now().getTime();
    const cached = this.cache.get(url);
    if (cached && now - cached.at < cached.ttl) return cached.value;
    const entry: CacheEntry = { at: now, ttl: PVP_ROOMS_CACHE_MS, value: Promise.resolve(null) };
    entry.value = this.fetchRooms(url).then(
      (body) => {
        const parsed = vendorRoomsSchema.safeParse(body);
        if (parsed.success) return parsed.data.rooms;
        entry.ttl = PVP_ROOMS_FAILURE_CACHE_MS;
        this.deps.logger.warn({ vendorCode, url }, 'pvp rooms: the vendor answered something else');
        return null;
      },
      (error: unknown) => {
        entry.ttl = PVP_ROOMS_FAILURE_CACHE_MS;
        this.deps.logger.warn({ vendorCode, url, err: error }, 'pvp rooms: the vendor did not answer');
        return null;
      },
    );
    this.cache.set(url, entry);
    return entry.value;
  }
}
