import {
  systemStatusCodes,
  type Location,
  type Permission,
  type RegisterSettings,
  type Settings,
  type SystemStatus,
  type WelcomeBonus,
  type Whitelabel,
} from '@platform/contract';
import type { AppDeps } from '../../lib/deps.js';
import { isProduction } from '../../config.js';
import { isRestricted } from './location.service.js';
import type { SettingsService } from './settings.service.js';

/** Customer service opens the entry of type 3 (SPEC section 7). */
const CUSTOMER_SERVICE_ENTRY_TYPE = 3;

export class SystemService {
  constructor(
    private readonly deps: AppDeps,
    private readonly settings: SettingsService,
  ) {}

  /** The one-command demo, not production: its stand-ins (the demo customer service) are mounted. */
  get demo(): boolean {
    return !isProduction(this.deps.config);
  }

  async status(location: Location): Promise<SystemStatus> {
    const settings = await this.settings.all();
    const maintenance = settings['system.maintenance'];
    const status = maintenance.enabled
      ? systemStatusCodes.maintenance
      : isRestricted(location, settings['system.regionRestriction'])
        ? systemStatusCodes.regionRestricted
        : systemStatusCodes.normal;
    const entry = settings['site.customerService'].entries.find(
      (item) => item.type === CUSTOMER_SERVICE_ENTRY_TYPE,
    );
    return {
      status,
      maintenanceEnd: maintenance.enabled ? maintenance.endTime : null,
      location,
      customerServiceUrl: entry?.url ?? null,
    };
  }

  async permission(location: Location): Promise<Permission> {
    const settings = await this.settings.all();
    const maintenance = settings['system.maintenance'];
    return {
      info: {
        merchantCode: this.deps.config.MERCHANT_CODE,
        siteName: settings['site.name'],
        whitelabel: settings['site.whitelabel'],
        register: await this.registerSettings(),
        resources: settings['site.resources'],
        customerService: settings['site.customerService'],
        analytics: settings['site.analytics'],
        imageCDNs: settings['site.imageCDNs'],
        launchGameCDNs: settings['site.launchGameCDNs'],
        location,
        maintenance: { enabled: maintenance.enabled, endTime: maintenance.endTime },
        regionRestriction: { restricted: isRestricted(location, settings['system.regionRestriction']) },
        languages: settings['site.languages'],
        defaultLanguage: settings['site.defaultLanguage'],
        currency: settings['site.currency'],
        welcomeBonus: welcomeBonusShown(settings['promotion.welcomeBonus']),
        loginedToHomePage: settings['site.loginedToHomePage'],
        showBarsOnFullscreenRoutes: settings['site.showBarsOnFullscreenRoutes'],
        demo: this.demo,
      },
    };
  }

  async whitelabel(): Promise<Whitelabel> {
    return this.settings.get('site.whitelabel');
  }

  async registerSettings(): Promise<RegisterSettings> {
    const settings = await this.settings.all();
    return {
      fields: settings['register.fields'],
      captchaEnabled: settings['register.captchaEnabled'],
      minimumAge: settings['register.minimumAge'],
    };
  }

  async domainRoute(): Promise<{ domainList: string[] }> {
    return { domainList: await this.settings.get('site.domainList') };
  }
}

/** The welcome offer as the registration page shows it: none while the operator has it off. */
function welcomeBonusShown({ enabled, percent, upTo }: Settings['promotion.welcomeBonus']): WelcomeBonus {
  return enabled ? { percent, upTo } : null;
}
