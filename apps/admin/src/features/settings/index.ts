/** Settings (owners): every operator setting by group; Maintenance and Region rules as pages of their own. */
export { SettingsPage } from './components/settings-page';
export { MaintenancePage, RegionRulesPage } from './components/single-setting-page';
