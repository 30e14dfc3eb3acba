import type { AppDeps } from './app.js';
import { SettingsService } from './modules/system/settings.service.js';
import { SystemService } from './modules/system/system.service.js';
import { ContentService } from './modules/content/content.service.js';
import { GameService } from './modules/game/game.service.js';
import { OperatorService } from './modules/operator/operator.service.js';
import { SessionService } from './modules/auth/session.service.js';
import { createPasswordHasher, type PasswordHasher } from './lib/password-hasher.js';

/** The services of every module, built once per app; modules reach each other only through these. */
export interface AppServices {
  deps: AppDeps;
  settings: SettingsService;
  system: SystemService;
  content: ContentService;
  game: GameService;
  operator: OperatorService;
  sessions: SessionService;
  passwords: PasswordHasher;
}

export function createServices(deps: AppDeps): AppServices {
  const settings = new SettingsService(deps.db, deps.clock, deps.config.SETTINGS_CACHE_MS);
  const system = new SystemService(deps, settings);
  const content = new ContentService(deps, settings);
  const game = new GameService(deps, settings);
  const operator = new OperatorService(deps, settings, content, game);
  const sessions = new SessionService(deps.db, deps.clock, deps.rng, settings);
  const passwords = createPasswordHasher(deps.config.HASH_CONCURRENCY);
  return { deps, settings, system, content, game, operator, sessions, passwords };
}
