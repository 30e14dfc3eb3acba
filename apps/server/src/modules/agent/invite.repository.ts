import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import type { StoredTier } from './contract.repository.js';
import { big, rowsOf, type DbInt } from './sql-rows.js';

/** The most invite links an agent keeps: all of them fit the list the agent centre shows. */
export const INVITE_LINKS_MAX = 200;

export interface StoredOffer {
  kind: string;
  cycle: string | null;
  tiers: StoredTier[];
}

export interface InviteLinkRow {
  id: bigint;
  publicId: string;
  agentId: bigint;
  code: string;
  accountType: 'player' | 'agent';
  offer: StoredOffer | null;
  createdAt: Date;
  signups: number;
  conversions: number;
}

interface RawLink {
  id: DbInt;
  public_id: string;
  agent_id: DbInt;
  code: string;
  account_type: 'player' | 'agent';
  offer: StoredOffer | string | null;
  created_at: Date | string;
  signups: DbInt | null;
  conversions: DbInt | null;
}

const linkOf = (row: RawLink): InviteLinkRow => ({
  id: big(row.id),
  publicId: row.public_id,
  agentId: big(row.agent_id),
  code: row.code,
  accountType: row.account_type,
  offer: typeof row.offer === 'string' ? (JSON.parse(row.offer) as StoredOffer) : row.offer,
  createdAt: new Date(row.created_at),
  signups: Number(row.signups ?? 0),
  conversions: Number(row.conversions ?? 0),
});

/** Typed SQL of the agents' invite links and their sign-ups (registerCenter). */
export const inviteRepository = {
  /**
   * How many links the agent has, counted under a lock on the agent's member row so two creates at
   * once cannot both pass the cap (the lock lasts to the end of the caller's transaction).
   */
  async lockedLinkCount(tx: Executor, agentId: bigint): Promise<number> {
    await rowsOf(tx, sql`SELECT id FROM member WHERE id = ${agentId.toString()}::bigint FOR UPDATE`);
    const [row] = await rowsOf<{ n: DbInt }>(
      tx,
      sql`SELECT count(*) AS n FROM agent_invite_link WHERE agent_id = ${agentId.toString()}::bigint`,
    );
    return row ? Number(row.n) : 0;
  },

  async insert(
    db: Executor,
    row: {
      publicId: string;
      agentId: bigint;
      code: string;
      accountType: 'player' | 'agent';
      offer: StoredOffer | null;
      createdAt: Date;
    },
  ): Promise<void> {
    await db.execute(
      sql`INSERT INTO agent_invite_link (public_id, agent_id, code, account_type, offer, created_at)
          VALUES (${row.publicId}, ${row.agentId.toString()}::bigint, ${row.code}, ${row.accountType},
                  ${row.offer === null ? null : JSON.stringify(row.offer)}::jsonb,
                  ${row.createdAt.toISOString()}::timestamptz)`,
    );
  },

  /** The agent's links, newest first, with their sign-ups and conversions (a credited deposit). */
  async linksOf(db: Executor, agentId: bigint, publicId?: string): Promise<InviteLinkRow[]> {
    const rows = await rowsOf<RawLink>(
      db,
      sql`SELECT l.id, l.public_id, l.agent_id, l.code, l.account_type, l.offer, l.created_at,
                 (SELECT count(*) FROM agent_invite_signup s WHERE s.link_id = l.id) AS signups,
                 (SELECT count(*) FROM agent_invite_signup s
                   WHERE s.link_id = l.id
                     AND EXISTS (SELECT 1 FROM deposit d
                                  WHERE d.member_id = s.member_id AND d.status = 'credited')) AS conversions
            FROM agent_invite_link l
           WHERE l.agent_id = ${agentId.toString()}::bigint
             ${publicId === undefined ? sql`` : sql`AND l.public_id = ${publicId}`}
           ORDER BY l.created_at DESC, l.id DESC
           LIMIT ${INVITE_LINKS_MAX}`,
    );
    return rows.map(linkOf);
  },

  async byCode(db: Executor, code: string): Promise<InviteLinkRow | null> {
    const [row] = await rowsOf<RawLink>(
      db,
      sql`SELECT id, public_id, agent_id, code, account_type, offer, created_at, 0 AS signups, 0 AS conversions
            FROM agent_invite_link WHERE lower(code) = lower(${code})`,
    );
    return row ? linkOf(row) : null;
  },

  async byId(db: Executor, id: bigint): Promise<InviteLinkRow | null> {
    const [row] = await rowsOf<RawLink>(
      db,
      sql`SELECT id, public_id, agent_id, code, account_type, offer, created_at, 0 AS signups, 0 AS conversions
            FROM agent_invite_link WHERE id = ${id.toString()}::bigint`,
    );
    return row ? linkOf(row) : null;
  },

  /** Whether a code is some member's own invitation code or another link's (any case). */
  async codeTaken(db: Executor, code: string): Promise<boolean> {
    const [row] = await rowsOf<{ taken: boolean }>(
      db,
      sql`SELECT EXISTS (SELECT 1 FROM member WHERE lower(referral_code) = lower(${code}))
              OR EXISTS (SELECT 1 FROM agent_invite_link WHERE lower(code) = lower(${code})) AS taken`,
    );
    return row?.taken === true;
  },

  async insertSignup(db: Executor, linkId: bigint, memberId: bigint, at: Date): Promise<void> {
    await db.execute(
      sql`INSERT INTO agent_invite_signup (member_id, link_id, created_at)
          VALUES (${memberId.toString()}::bigint, ${linkId.toString()}::bigint, ${at.toISOString()}::timestamptz)`,
    );
  },
};
