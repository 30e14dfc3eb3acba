import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { big, rowsOf, type DbInt } from './sql-rows.js';

export interface TeamMemberRow {
  id: bigint;
  publicId: string;
  username: string;
  type: number;
  status: string;
  createdAt: Date;
  teamSize: number;
}

export interface MemberRef {
  id: bigint;
  publicId: string;
  username: string;
  type: number;
  status: string;
  uplineId: bigint | null;
  referralCode: string;
}

interface MemberRefRow {
  id: DbInt;
  public_id: string;
  username: string;
  type: DbInt;
  status: string;
  upline_id: DbInt | null;
  referral_code: string;
}

const refOf = (row: MemberRefRow): MemberRef => ({
  id: big(row.id),
  publicId: row.public_id,
  username: row.username,
  type: Number(row.type),
  status: row.status,
  uplineId: row.upline_id === null ? null : big(row.upline_id),
  referralCode: row.referral_code,
});

/** Typed SQL of the agent tree (agent_tree, kept by triggers on member.upline_id; ADR 045). */
export const hierarchyRepository = {
  async member(db: Executor, id: bigint): Promise<MemberRef | null> {
    const [row] = await rowsOf<MemberRefRow>(
      db,
      sql`SELECT id, public_id, username, type, status, upline_id, referral_code FROM member
           WHERE id = ${id.toString()}::bigint`,
    );
    return row ? refOf(row) : null;
  },

  async memberByPublicId(db: Executor, publicId: string): Promise<MemberRef | null> {
    const [row] = await rowsOf<MemberRefRow>(
      db,
      sql`SELECT id, public_id, username, type, status, upline_id, referral_code FROM member
           WHERE public_id = ${publicId}`,
    );
    return row ? refOf(row) : null;
  },

  async memberByUsername(db: Executor, username: string): Promise<MemberRef | null> {
    const [row] = await rowsOf<MemberRefRow>(
      db,
      sql`SELECT id, public_id, username, type, status, upline_id, referral_code FROM member
           WHERE lower(username) = lower(${username})`,
    );
    return row ? refOf(row) : null;
  },

  /** Members below the agent, all levels (the agent itself not counted): the joins per day, summed. */
  async teamSize(db: Executor, agentId: bigint): Promise<number> {
    const [row] = await rowsOf<{ count: DbInt | null }>(
      db,
      sql`SELECT sum(joined) AS count FROM team_member_daily WHERE agent_id = ${agentId.toString()}::bigint`,
    );
    return Number(row?.count ?? 0);
  },

  async directCount(db: Executor, agentId: bigint): Promise<number> {
    const [row] = await rowsOf<{ count: DbInt }>(
      db,
      sql`SELECT count(*) AS count FROM agent_tree WHERE ancestor_id = ${agentId.toString()}::bigint AND depth = 1`,
    );
    return Number(row?.count ?? 0);
  },

  /** Members of the team who joined the site on the site days [from, to] (team_member_daily). */
  async newMembers(db: Executor, agentId: bigint, from: string, to: string): Promise<number> {
    const [row] = await rowsOf<{ count: DbInt | null }>(
      db,
      sql`SELECT sum(joined) AS count FROM team_member_daily
           WHERE agent_id = ${agentId.toString()}::bigint AND day >= ${from}::date AND day <= ${to}::date`,
    );
    return Number(row?.count ?? 0);
  },

  /** Levels from ancestor down to descendant; null when descendant is not in ancestor's team. */
  async depthBetween(db: Executor, ancestorId: bigint, descendantId: bigint): Promise<number | null> {
    const [row] = await rowsOf<{ depth: DbInt }>(
      db,
      sql`SELECT depth FROM agent_tree
           WHERE ancestor_id = ${ancestorId.toString()}::bigint AND descendant_id = ${descendantId.toString()}::bigint`,
    );
    return row ? Number(row.depth) : null;
  },

  /** The path from ancestor down to descendant, both included, top first. */
  async pathBetween(db: Executor, ancestorId: bigint, descendantId: bigint): Promise<MemberRef[]> {
    const rows = await rowsOf<MemberRefRow & { depth: DbInt }>(
      db,
      sql`SELECT m.id, m.public_id, m.username, m.type, m.status, m.upline_id, m.referral_code, up.depth
            FROM agent_tree up
            JOIN agent_tree down ON down.descendant_id = up.ancestor_id
                               AND down.ancestor_id = ${ancestorId.toString()}::bigint
            JOIN member m ON m.id = up.ancestor_id
           WHERE up.descendant_id = ${descendantId.toString()}::bigint
           ORDER BY up.depth DESC`,
    );
    return rows.map(refOf);
  },

  /** The direct downlines of parent (paged, newest first), each with its own team size. */
  async directDownlines(
    db: Executor,
    parentId: bigint,
    filter: { username?: string; offset: number; limit: number },
  ): Promise<{ total: number; rows: TeamMemberRow[] }> {
    const search = filter.username ? `%${filter.username.toLowerCase().replace(/[\\%_]/g, '\\$&')}%` : null;
    const rows = await rowsOf<{
      id: DbInt;
      public_id: string;
      username: string;
      type: DbInt;
      status: string;
      created_at: Date | string;
      team_size: DbInt;
      total: DbInt;
    }>(
      db,
      sql`SELECT m.id, m.public_id, m.username, m.type, m.status, m.created_at,
                 (SELECT count(*) FROM agent_tree s WHERE s.ancestor_id = m.id AND s.depth > 0) AS team_size,
                 count(*) OVER () AS total
            FROM member m
           WHERE m.upline_id = ${parentId.toString()}::bigint
             ${search ? sql`AND lower(m.username) LIKE ${search}` : sql``}
           ORDER BY m.created_at DESC, m.id DESC
           LIMIT ${filter.limit} OFFSET ${filter.offset}`,
    );
    return {
      total: Number(rows[0]?.total ?? 0),
      rows: rows.map((row) => ({
        id: big(row.id),
        publicId: row.public_id,
        username: row.username,
        type: Number(row.type),
        status: row.status,
        createdAt: new Date(row.created_at),
        teamSize: Number(row.team_size),
      })),
    };
  },

  /** Searches the whole team (all levels) by username. */
  async searchTeam(
    db: Executor,
    agentId: bigint,
    filter: { username: string; offset: number; limit: number },
  ): Promise<{ total: number; rows: TeamMemberRow[] }> {
    const search = `%${filter.username.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
    const rows = await rowsOf<{
      id: DbInt;
      public_id: string;
      username: string;
      type: DbInt;
      status: string;
      created_at: Date | string;
      team_size: DbInt;
      total: DbInt;
    }>(
      db,
      sql`SELECT m.id, m.public_id, m.username, m.type, m.status, m.created_at,
                 (SELECT count(*) FROM agent_tree s WHERE s.ancestor_id = m.id AND s.depth > 0) AS team_size,
                 count(*) OVER () AS total
            FROM agent_tree t JOIN member m ON m.id = t.descendant_id
           WHERE t.ancestor_id = ${agentId.toString()}::bigint AND t.depth > 0
             AND lower(m.username) LIKE ${search}
           ORDER BY m.created_at DESC, m.id DESC
           LIMIT ${filter.limit} OFFSET ${filter.offset}`,
    );
    return {
      total: Number(rows[0]?.total ?? 0),
      rows: rows.map((row) => ({
        id: big(row.id),
        publicId: row.public_id,
        username: row.username,
        type: Number(row.type),
        status: row.status,
        createdAt: new Date(row.created_at),
        teamSize: Number(row.team_size),
      })),
    };
  },

  async usernames(
    db: Executor,
    ids: readonly bigint[],
  ): Promise<Map<bigint, { publicId: string; username: string }>> {
    if (ids.length === 0) return new Map();
    const rows = await rowsOf<{ id: DbInt; public_id: string; username: string }>(
      db,
      sql`SELECT id, public_id, username FROM member
           WHERE id IN (${sql.join(
             ids.map((id) => sql`${id.toString()}::bigint`),
             sql`, `,
           )})`,
    );
    return new Map(rows.map((row) => [big(row.id), { publicId: row.public_id, username: row.username }]));
  },
};
