import { isTrialType, type LaunchGame, type launchGameBodySchema } from '@platform/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/database.js';
import type { AuthenticatedMember } from '../../lib/caller.js';
import { AppError } from '../../lib/errors.js';
import type { GameCatalogueService } from '../game/index.js';
import { providerRepository as repo } from './provider.repository.js';
import { INTERNAL_WALLET_MODEL, type ProviderService } from './provider.service.js';

type LaunchGameBody = z.output<typeof launchGameBodySchema>;

export interface GameLaunchDeps {
  db: Executor;
  provider: Pick<ProviderService, 'createLaunchToken'>;
  catalogue: Pick<GameCatalogueService, 'playableGame' | 'recordPlayed'>;
  /** the site's address, for the vendor's "back to lobby" link */
  publicUrl: string | undefined;
}

/**
 * Opening a game (SPEC section 2's launch flow, server side): the game must be playable and its vendor
 * launchable; a trial account (type 4) plays only where the vendor allows demo money. The player gets
 * the vendor's URL with a one-time launch token, which the vendor trades for the player through our
 * wallet API (authenticate); the game goes to the member's recent games.
 */
export class GameLaunchService {
  /** the transfer module's automatic transfer in (ADR 021), handed over once it is built */
  private beforeTransferLaunch: ((member: AuthenticatedMember, vendorCode: string) => Promise<void>) | null =
    null;

  constructor(private readonly deps: GameLaunchDeps) {}

  /** Called before a transfer-model vendor's game opens; it must not throw (the game opens anyway). */
  useTransferLaunch(hook: (member: AuthenticatedMember, vendorCode: string) => Promise<void>): void {
    this.beforeTransferLaunch = hook;
  }

  async launch(member: AuthenticatedMember, body: LaunchGameBody): Promise<LaunchGame> {
    const game = await this.deps.catalogue.playableGame(body.nodeId);
    const vendor = await repo.vendor(this.deps.db, game.vassalage);
    if (!vendor || !vendor.active || !vendor.launchUrl) {
      throw new AppError('NOT_FOUND', `game ${game.nodeId} cannot be opened now`);
    }
    const demo = isTrialType(member.type);
    if (demo && !vendor.allowDemo) {
      throw new AppError('NEED_REAL_ACCOUNT', 'this game is played with real money: register to play it');
    }
    if (vendor.walletModel === 'transfer' && !demo && this.beforeTransferLaunch) {
      await this.beforeTransferLaunch(member, vendor.vendorCode);
    }
    // Our own games are pages of this site that call the wallet in process: no launch token to trade.
    const internal = vendor.walletModel === INTERNAL_WALLET_MODEL;
    const token = internal
      ? ''
      : (await this.deps.provider.createLaunchToken(member, vendor.vendorCode, game.gameCode)).token;
    // A trial account has no recent games to show (the list is refused to it).
    if (!demo) await this.deps.catalogue.recordPlayed(member.id, game.nodeId);
    const filled = fillLaunchUrl(vendor.launchUrl, {
      room: body.roomId ?? '',
      token,
      game: game.gameCode,
      language: body.language,
      currency: vendor.currency,
      mode: demo ? 'demo' : 'real',
      lobby: `${this.deps.publicUrl ?? ''}/`,
    });
    // A PVP room chosen in the lobby (SPEC section 3's roomId) opens the game seated in it.
    const url = withRoom(filled, vendor.launchUrl, body.roomId);
    return {
      game_url: url,
      game_url2: url,
      mode: demo ? 'demo' : 'real',
      launch_mode: vendor.launchMode === 'window' ? 'window' : 'frame',
    };
  }
}

/** The template's {fields}, each URL-encoded; the operator's template was checked when it was set. */
export function fillLaunchUrl(template: string, fields: Record<string, string>): string {
  return template.replaceAll(/\{([a-z]+)\}/g, (whole, name: string) =>
    name in fields ? encodeURIComponent(fields[name] as string) : whole,
  );
}

/**
 * The room goes to the vendor in the template's {room}; a template without one gets a `room` parameter,
 * so an operator's existing launch URL opens rooms too.
 */
export function withRoom(url: string, template: string, roomId: string | undefined): string {
  if (!roomId || template.includes('{room}')) return url;
  const parsed = URL.parse(url);
  if (!parsed) return url;
  parsed.searchParams.set('room', roomId);
  return parsed.href;
}
