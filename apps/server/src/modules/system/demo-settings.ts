import type { CustomerService, Resource } from '@platform/contract';

/** The demo's esports vendor: the seed adds it to the site's esports list, so it shows under ESPORTS. */
export const DEMO_ESPORTS_VENDOR = 'DEMO_ESPORTS';

/** Placeholder targets an operator replaces with `npm run operator -- settings set site.resources '[...]'`. */
export const demoResources: Resource[] = [
  { resourceType: 'Android', url: '#', qrCodeUrl: null, labelNameEn: 'Android' },
  { resourceType: 'IOS', url: '#', qrCodeUrl: null, labelNameEn: 'iOS' },
  { resourceType: 'SpeedTest', url: '#', qrCodeUrl: null, labelNameEn: 'SpeedTest' },
  { resourceType: 'AFFILIATELINK', url: '#', qrCodeUrl: null, labelNameEn: 'Affiliate' },
  { resourceType: 'SOCIAL', url: '#', qrCodeUrl: null, labelNameEn: 'Facebook' },
  { resourceType: 'SOCIAL', url: '#', qrCodeUrl: null, labelNameEn: 'Instagram' },
  { resourceType: 'SOCIAL', url: '#', qrCodeUrl: null, labelNameEn: 'Telegram' },
  { resourceType: 'SOCIAL', url: '#', qrCodeUrl: null, labelNameEn: 'WhatsApp' },
];

/**
 * The demo's live chat: the system module's stand-in page (DEMO_CUSTOMER_SERVICE_PATH), which answers
 * during maintenance too. Not /helpmc: that is the web app, which shows the maintenance page then.
 */
export const demoCustomerService: CustomerService = {
  entries: [{ type: 3, url: '/demo-customer-service' }],
  vipUrl: null,
};
