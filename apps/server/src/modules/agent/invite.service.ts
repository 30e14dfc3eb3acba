import {
  accountTypes,
  formatMoney,
  type AgentContractKind,
  type AgentCycle,
  type CreateDownline,
  type CreateInviteLink,
  type InviteLink,
} from '@platform/contract';
import type { Database, Executor } from '../../db/database.js';
import type { AuthenticatedMember, RequestOrigin } from '../../lib/caller.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Rng } from '../../lib/rng.js';
import type { AuditService } from '../audit/index.js';
import type { ContractService } from './contract.service.js';
import { hierarchyRepository, type MemberRef } from './hierarchy.repository.js';
import { INVITE_LINKS_MAX, inviteRepository, type InviteLinkRow } from './invite.repository.js';

/** Link codes: the invitation alphabet (no 0/O, 1/I), 10 characters so they never look like a member's 8. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 10;
const CODE_TRIES = 5;

export interface InviteDeps {
  db: Database;
  clock: Clock;
  rng: Rng;
  audit: AuditService;
  contracts: ContractService;
  /** the auth module's account creation (field rules, duplicate checks, audit) */
  createAccount: (
    agent: MemberRef,
    input: { username: string; password: string; type: 'player' | 'agent' },
    origin: RequestOrigin,
  ) => Promise<{ publicId: string; username: string; type: number }>;
}

function present(row: InviteLinkRow): InviteLink {
  return {
    id: row.publicId,
    code: row.code,
    type: row.accountType,
    offer: row.offer
      ? {
          kind: row.offer.kind as AgentContractKind,
          cycle: row.offer.cycle as AgentCycle,
          tiers: row.offer.tiers.map((tier) => ({
            min: formatMoney(BigInt(tier.min)),
            minActive: tier.minActive,
            rateBp: tier.rateBp,
          })),
        }
      : null,
    createdAt: row.createdAt.toISOString(),
    signups: row.signups,
    conversions: row.conversions,
  };
}

/**
 * registerCenter (SPEC section 2): an agent makes downline accounts directly, and invite links whose code
 * registers a player or an agent below it, an agent with the link's contract offered on sign-up. Each
 * link counts its sign-ups and conversions (a first credited deposit).
 */
export class InviteService {
  constructor(private readonly deps: InviteDeps) {}

  async createDownline(member: AuthenticatedMember, body: CreateDownline, origin: RequestOrigin) {
    const agent = await hierarchyRepository.member(this.deps.db, member.id);
    if (!agent) throw new AppError('NOT_FOUND', 'no such member');
    return this.deps.createAccount(agent, body, origin);
  }

  async links(member: AuthenticatedMember): Promise<{ list: InviteLink[] }> {
    return { list: (await inviteRepository.linksOf(this.deps.db, member.id)).map(present) };
  }

  async createLink(member: AuthenticatedMember, body: CreateInviteLink): Promise<InviteLink> {
    const { db, clock, rng } = this.deps;
    if (body.offer && body.type !== 'agent') {
      throw new AppError('VALIDATION_FAILED', 'contracts are offered to agents only', [
        { path: 'offer', message: 'validation.offerForAgents' },
      ]);
    }
    const offer = body.offer ? await this.deps.contracts.checkInviteOffer(member, body.offer) : null;
    const publicId = newId(rng, 'inv');
    const code = await this.freshCode(db);
    await db.transaction(async (tx) => {
      // A cap, so a script cannot fill the table (and the code space) through one agent.
      if ((await inviteRepository.lockedLinkCount(tx, member.id)) >= INVITE_LINKS_MAX) {
        throw new AppError('INVALID_STATE', 'an agent keeps at most this many invite links', undefined, {
          status: 'limit',
        });
      }
      await inviteRepository.insert(tx, {
        publicId,
        agentId: member.id,
        code,
        accountType: body.type,
        offer,
        createdAt: clock.now(),
      });
      await this.deps.audit.record(
        `member:${member.publicId}`,
        'agent.invite-link-create',
        { link: publicId },
        { code, type: body.type, offer },
        { tx },
      );
    });
    const [row] = await inviteRepository.linksOf(db, member.id, publicId);
    if (!row) throw new Error('the new invite link vanished');
    return present(row);
  }

  /** For registration: the link with this code, its agent and the account type it makes. */
  async resolve(db: Executor, code: string) {
    const link = await inviteRepository.byCode(db, code);
    if (!link) return null;
    const agent = await hierarchyRepository.member(db, link.agentId);
    if (!agent) return null;
    return {
      linkId: link.id,
      agent,
      type: link.accountType === 'agent' ? accountTypes.agent : accountTypes.member,
    };
  }

  /** In the registration's transaction: the sign-up is counted, and the link's contract offered. */
  async joined(tx: Executor, linkId: bigint, member: { id: bigint; username: string }): Promise<void> {
    const link = await inviteRepository.byId(tx, linkId);
    if (!link) throw new Error('an invite link vanished during registration');
    await inviteRepository.insertSignup(tx, link.id, member.id, this.deps.clock.now());
    if (!link.offer) return;
    const agent = await hierarchyRepository.member(tx, link.agentId);
    if (!agent) return;
    await this.deps.contracts.offerOnSignup(tx, agent, member, {
      kind: link.offer.kind as AgentContractKind,
      cycle: link.offer.cycle as AgentCycle,
      tiers: link.offer.tiers,
    });
  }

  private async freshCode(db: Executor): Promise<string> {
    for (let attempt = 0; attempt < CODE_TRIES; attempt += 1) {
      let code = '';
      for (let index = 0; index < CODE_LENGTH; index += 1) {
        code += CODE_ALPHABET[this.deps.rng.int(0, CODE_ALPHABET.length)];
      }
      if (!(await inviteRepository.codeTaken(db, code))) return code;
    }
    throw new Error('no free invite code after several draws');
  }
}
