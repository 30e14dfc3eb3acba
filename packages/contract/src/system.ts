import { z } from 'zod';
import { adminListQuerySchema, adminPageSchema } from './admin-list.js';
import { auditEntrySchema } from './audit.js';
import { call } from './call.js';
import { inputText } from './input-text.js';
import { fieldRulesSchema } from './field-rules.js';
import { languageSchema } from './languages.js';
import {
  analyticsSchema,
  currencySettingSchema,
  customerServiceSchema,
  resourceSchema,
  welcomeBonusSchema,
  whitelabelSchema,
} from './settings.js';

export const locationSchema = z.object({
  ip: z.string(),
  /** ISO 3166-1 alpha-2, null when unknown (private or unmapped address) */
  country: z.string().nullable(),
});
export type Location = z.infer<typeof locationSchema>;

export const systemStatusSchema = z.object({
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  maintenanceEnd: z.string().nullable(),
  location: locationSchema,
  /** the Contact Us target on the maintenance and restriction pages */
  customerServiceUrl: z.string().nullable(),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;

export const permissionQuerySchema = z.object({ url: inputText(253).optional() });

export const registerSettingsSchema = z.object({
  fields: fieldRulesSchema,
  captchaEnabled: z.boolean(),
  minimumAge: z.union([z.literal(18), z.literal(21)]),
});
export type RegisterSettings = z.infer<typeof registerSettingsSchema>;

export const siteInfoSchema = z.object({
  merchantCode: z.string(),
  siteName: z.string(),
  whitelabel: whitelabelSchema,
  register: registerSettingsSchema,
  resources: z.array(resourceSchema),
  customerService: customerServiceSchema,
  analytics: analyticsSchema,
  imageCDNs: z.array(z.string()),
  launchGameCDNs: z.array(z.string()),
  location: locationSchema,
  maintenance: z.object({ enabled: z.boolean(), endTime: z.string().nullable() }),
  regionRestriction: z.object({ restricted: z.boolean() }),
  languages: z.array(languageSchema),
  defaultLanguage: languageSchema,
  currency: currencySettingSchema,
  welcomeBonus: welcomeBonusSchema,
  loginedToHomePage: z.boolean(),
  showBarsOnFullscreenRoutes: z.boolean(),
  /** the one-command demo (demo data, sandbox gateway): the site shows a ribbon saying so */
  demo: z.boolean(),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;
export const permissionSchema = z.object({ info: siteInfoSchema });
export type Permission = z.infer<typeof permissionSchema>;

export const domainRouteSchema = z.object({ domainList: z.array(z.string()) });

export const helpArticleSchema = z.object({ id: z.string(), title: z.string(), content: z.string() });
export const helpSectionSchema = z.object({
  id: z.string(),
  title: z.string(),
  articles: z.array(helpArticleSchema),
});
export type HelpSection = z.infer<typeof helpSectionSchema>;
export const helpCenterSchema = z.object({ sections: z.array(helpSectionSchema) });
export type HelpCenter = z.infer<typeof helpCenterSchema>;

export const languageQuerySchema = z.object({ language: languageSchema.optional() });

/** The site's state and settings, read before anything else. */
// Settings in the back office (issue 27) ----------------------------------------------------------

/** One operator setting: its value, its default and the JSON Schema the form is generated from. */
export const adminSettingSchema = z.object({
  key: z.string(),
  /** the part before the first dot (auth, cashier, staff, ...): the form's section */
  group: z.string(),
  value: z.unknown(),
  defaultValue: z.unknown(),
  isDefault: z.boolean(),
  /** JSON Schema (draft 2020-12) of the value, from the contract's zod schema */
  schema: z.unknown(),
});
export type AdminSetting = z.infer<typeof adminSettingSchema>;
export const settingKeyParamsSchema = z.object({
  key: inputText(80).regex(/^[a-zA-Z][a-zA-Z0-9.]*$/, 'a setting key'),
});
export const updateSettingBodySchema = z.object({
  /** checked against the setting's own schema; a bad value names the field and changes nothing */
  value: z.unknown(),
  reason: inputText(500, { multiline: true }).trim().min(2),
});
export const resetSettingBodySchema = z.object({
  reason: inputText(500, { multiline: true }).trim().min(2),
});

const settingOwners = { admin: ['owner'] } as const;

export const systemCalls = {
  adminSettings: call({
    method: 'GET',
    path: '/wps/admin/settings',
    access: settingOwners,
    response: z.array(adminSettingSchema),
  }),
  adminSettingUpdate: call({
    method: 'PUT',
    path: '/wps/admin/settings/:key',
    access: settingOwners,
    params: settingKeyParamsSchema,
    body: updateSettingBodySchema,
    response: adminSettingSchema,
  }),
  adminSettingReset: call({
    method: 'POST',
    path: '/wps/admin/settings/:key/reset',
    access: settingOwners,
    params: settingKeyParamsSchema,
    body: resetSettingBodySchema,
    response: adminSettingSchema,
  }),
  /** who changed the setting when, from the audit (back office and operator tool alike) */
  adminSettingHistory: call({
    method: 'GET',
    path: '/wps/admin/settings/:key/history',
    access: settingOwners,
    params: settingKeyParamsSchema,
    query: adminListQuerySchema,
    response: adminPageSchema(auditEntrySchema),
  }),
  systemStatus: call({
    method: 'GET',
    path: '/wps/system/status',
    access: 'public',
    response: systemStatusSchema,
  }),
  permission: call({
    method: 'GET',
    path: '/wps/system/permission',
    access: 'public',
    query: permissionQuerySchema,
    response: permissionSchema,
  }),
  whitelabel: call({
    method: 'GET',
    path: '/wps/system/whitelabel',
    access: 'public',
    response: whitelabelSchema,
  }),
  registerSettings: call({
    method: 'GET',
    path: '/wps/system/setting/register',
    access: 'public',
    response: registerSettingsSchema,
  }),
  domainRoute: call({
    method: 'GET',
    path: '/wps/system/domainRoute',
    access: 'public',
    response: domainRouteSchema,
  }),
};
