import type { AppDeps } from '../../app.js';
import type { SettingsService } from '../system/settings.service.js';

// Placeholder: vendors are built in the game module.
export class GameService {
  constructor(
    readonly deps: AppDeps,
    readonly settings: SettingsService,
  ) {}
}
