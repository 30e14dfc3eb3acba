import { INHOUSE_VENDOR, inhouseGameCodes, type InhouseInfo } from '@platform/contract';
import type { GameCatalogueService } from '../game/index.js';
import type { SettingsService } from '../system/index.js';

export interface InhouseServiceDeps {
  settings: Pick<SettingsService, 'get'>;
  catalogue: Pick<GameCatalogueService, 'list'>;
}

/** What the /inhouse pages need before a game opens: which games play, and whether free play is on. */
export class InhouseService {
  constructor(private readonly deps: InhouseServiceDeps) {}

  async info(): Promise<InhouseInfo> {
    const [whitelabel, listed] = await Promise.all([
      this.deps.settings.get('site.whitelabel'),
      // Only enabled games of an active vendor are listed: what is missing is turned off.
      this.deps.catalogue.list({ vassalage: INHOUSE_VENDOR, pageNo: 1, pageSize: 42 }),
    ]);
    const byCode = new Map(listed.games.map((game) => [game.gameCode, game]));
    return {
      freePlay: whitelabel.FREEPLAY3,
      games: inhouseGameCodes.map((gameCode) => {
        const game = byCode.get(gameCode);
        return {
          gameCode,
          nodeId: `${INHOUSE_VENDOR}-${gameCode}`,
          gameName: game?.gameName ?? gameCode,
          enabled: game !== undefined,
        };
      }),
    };
  }
}
