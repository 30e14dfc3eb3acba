import type { AppDeps } from '../../app.js';
import type { SettingsService } from '../system/settings.service.js';

// Placeholder: banners, announcements, promotions and help are built in the content module.
export class ContentService {
  constructor(
    readonly deps: AppDeps,
    readonly settings: SettingsService,
  ) {}
}
