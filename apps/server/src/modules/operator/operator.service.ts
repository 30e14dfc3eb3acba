import type { AppDeps } from '../../app.js';
import type { SettingsService } from '../system/settings.service.js';

// Placeholder: operator commands are built in the operator module.
export class OperatorService {
  constructor(
    readonly deps: AppDeps,
    readonly settings: SettingsService,
  ) {}
}
