export { SettingsService } from './settings.service.js';
