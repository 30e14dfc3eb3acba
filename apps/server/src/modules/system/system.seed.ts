import { settingDefinitions } from '@platform/contract';
import { DEMO_ESPORTS_VENDOR, demoCustomerService, demoResources } from './demo-settings.js';
import { defaultSettings } from './setting-defaults.js';
import { setting } from './system.schema.js';
import type { SeedContext } from '../../lib/module.js';

/**
 * The demo's customer-service contacts and resources, and its esports vendor in the esports list (so
 * it shows under ESPORTS, not SPORTS); settings an operator already chose stay.
 */
export async function seedSystemDemo({ tx, now }: SeedContext): Promise<void> {
  const settings = {
    'site.customerService': settingDefinitions['site.customerService'].parse(demoCustomerService),
    'site.resources': settingDefinitions['site.resources'].parse(demoResources),
    'site.esportsVendors': settingDefinitions['site.esportsVendors'].parse([
      ...defaultSettings['site.esportsVendors'],
      DEMO_ESPORTS_VENDOR,
    ]),
  };
  for (const [key, value] of Object.entries(settings)) {
    await tx
      .insert(setting)
      .values({ key, value, updatedAt: now })
      .onConflictDoNothing({ target: setting.key });
  }
}
