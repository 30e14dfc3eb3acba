import { randomBytes } from 'node:crypto';

export type PageLanguage = 'bn' | 'en';

/** A player's game session at the demo vendor, made when our launch token was traded for the player. */
export interface PlayerSession {
  id: string;
  vendorCode: string;
  gameCode: string;
  playerId: string;
  /**
   * The platform's game session token: the launch token its authenticate accepted. Every bet carries it
   * (the platform refuses a bet once the player's session there has ended); wins and rollbacks need none.
   */
  gameToken: string;
  currency: string;
  demo: boolean;
  /** the balance as the platform last answered it, decimal major units */
  balance: string;
  language: PageLanguage;
  /** the site's lobby, for the "back" link (only http(s) addresses are kept) */
  lobby: string | null;
  lastSeen: number;
  /** a PVP game: the room the player asked for at launch, then the one taken */
  room?: string | null;
  /** the table games: what the player's bets of a spin won */
  tableResult?: { round: number; win: string };
}

/** Sessions idle this long are forgotten; the player launches the game again from the lobby. */
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;

/** In memory: a simulator restart ends every session, as a vendor's deploy might. */
export class SessionStore {
  private readonly sessions = new Map<string, PlayerSession>();

  constructor(private readonly now: () => number = Date.now) {}

  create(fields: Omit<PlayerSession, 'id' | 'lastSeen'>): PlayerSession {
    this.sweep();
    // 32 random bytes: the session id is the only credential the game page holds.
    const session = { ...fields, id: randomBytes(32).toString('base64url'), lastSeen: this.now() };
    this.sessions.set(session.id, session);
    return session;
  }

  get(id: string | undefined): PlayerSession | null {
    if (!id) return null;
    const session = this.sessions.get(id);
    if (!session) return null;
    if (this.now() - session.lastSeen > SESSION_IDLE_MS) {
      this.sessions.delete(id);
      return null;
    }
    session.lastSeen = this.now();
    return session;
  }

  private sweep(): void {
    const now = this.now();
    for (const [id, session] of this.sessions) {
      if (now - session.lastSeen > SESSION_IDLE_MS) this.sessions.delete(id);
    }
  }
}
