import {
  newAnnouncementSchema,
  newBannerSchema,
  newHelpArticleSchema,
  newHelpSectionSchema,
  newPromotionSchema,
  newVendorSchema,
  settingDefinitions,
} from '@platform/contract';
import { accountTypes } from '@platform/contract';
import type { Clock } from '../lib/clock.js';
import type { PasswordHasher } from '../lib/password-hasher.js';
import { AdminService } from '../modules/admin/admin.service.js';
import { AuditService } from '../modules/audit/index.js';
import { authRepository } from '../modules/auth/auth.repository.js';
import { seedDemoChannels } from '../modules/cashier/channel.service.js';
import { newAccountNumber, newReferralCode } from '../modules/auth/auth-helpers.js';
import { newId } from '../lib/ids.js';
import type { Rng } from '../lib/rng.js';
import { contentRepository } from '../modules/content/content.repository.js';
import { gameRepository } from '../modules/game/game.repository.js';
import type { Database } from './database.js';
import {
  demoAnnouncements,
  demoBannerImage,
  demoBanners,
  demoCustomerService,
  demoHelpCenter,
  demoPromotionImage,
  demoPromotions,
  demoResources,
  demoVendorIcon,
  demoVendors,
} from './demo-content.js';
import { appMeta, setting } from './schema.js';

export interface DemoLogin {
  username: string;
  password: string;
  role: string;
}

const DEMO_MARKER = 'demo_seeded';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Fills an empty database with demo content, once: the marker row is claimed in the same transaction,
 * so two servers starting together seed once, and content an operator later removes never returns.
 * Everything goes through the contract's input schemas, so the demo obeys the operator's rules.
 */
export async function seedDemoData(
  db: Database,
  deps: { clock: Clock; rng: Rng; passwords: PasswordHasher },
): Promise<readonly DemoLogin[]> {
  const now = deps.clock.now();
  let seededNow = false;
  await db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appMeta)
      .values({ key: DEMO_MARKER, value: { at: now.toISOString() } })
      .onConflictDoNothing({ target: appMeta.key })
      .returning({ key: appMeta.key });
    if (claimed.length === 0) return;
    seededNow = true;
    await seedDemoChannels(tx, { clock: deps.clock, rng: deps.rng });

    // Settings an operator already chose stay as they are.
    const settings = {
      'site.customerService': settingDefinitions['site.customerService'].parse(demoCustomerService),
      'site.resources': settingDefinitions['site.resources'].parse(demoResources),
    };
    for (const [key, value] of Object.entries(settings)) {
      await tx
        .insert(setting)
        .values({ key, value, updatedAt: now })
        .onConflictDoNothing({ target: setting.key });
    }

    const promotionIds = new Map<string, string>();
    for (const [index, item] of demoPromotions.entries()) {
      const promotion = newPromotionSchema.parse({
        category: item.category,
        title: item.title,
        summary: item.summary,
        content: item.content,
        imageUrl: demoPromotionImage(item),
        sortOrder: index,
      });
      const id = newId(deps.rng, 'promo');
      promotionIds.set(item.key, id);
      await contentRepository.insertPromotion(tx, {
        ...promotion,
        id,
        startsAt: new Date(now.getTime() - DAY),
        endsAt: item.endsInDays === null ? null : new Date(now.getTime() + item.endsInDays * DAY),
      });
    }

    const orderInGroup = new Map<string, number>();
    for (const item of demoBanners) {
      const order = orderInGroup.get(item.group) ?? 0;
      orderInGroup.set(item.group, order + 1);
      const link = item.link;
      const banner = newBannerSchema.parse({
        groupName: item.group,
        imageUrl: demoBannerImage(item),
        title: item.title,
        linkageType: link.type,
        linkage:
          link.type === 'ROUTE'
            ? link.to
            : link.type === 'PROMOTION'
              ? (promotionIds.get(link.promotion) ?? null)
              : null,
        sortOrder: order,
      });
      await contentRepository.insertBanner(tx, { ...banner, id: newId(deps.rng, 'bnr'), createdAt: now });
    }

    for (const [index, item] of demoAnnouncements.entries()) {
      const announcement = newAnnouncementSchema.parse({
        type: item.type,
        title: item.title,
        content: item.content,
      });
      await contentRepository.insertAnnouncement(tx, {
        ...announcement,
        id: newId(deps.rng, 'ann'),
        platform: 'W',
        // A few hours apart, newest first, so the list reads like a history.
        publishedAt: new Date(now.getTime() - (index + 1) * 5 * HOUR),
        expiresAt: null,
      });
    }

    for (const [sectionIndex, section] of demoHelpCenter.entries()) {
      const sectionId = newId(deps.rng, 'hs');
      await contentRepository.insertHelpSection(tx, {
        ...newHelpSectionSchema.parse({ title: section.title, sortOrder: sectionIndex }),
        id: sectionId,
      });
      for (const [articleIndex, article] of section.articles.entries()) {
        await contentRepository.insertHelpArticle(tx, {
          ...newHelpArticleSchema.parse({
            sectionId,
            title: article.title,
            content: article.content,
            sortOrder: articleIndex,
          }),
          id: newId(deps.rng, 'ha'),
        });
      }
    }

    for (const [index, item] of demoVendors.entries()) {
      const vendor = newVendorSchema.parse({
        vassalage: item.vassalage,
        category: item.category,
        title: item.title,
        isHot: item.isHot,
        smallIcon: demoVendorIcon(item),
        sortOrder: index,
      });
      await gameRepository.insertVendor(tx, { ...vendor, active: true });
    }

    const agent = await authRepository.insertMember(tx, {
      ...demoAccountBase(deps.rng, now),
      username: 'agent01',
      passwordHash: await deps.passwords.hash(DEMO_LOGINS[1].password),
      type: accountTypes.agent,
      nickname: 'Demo Agent',
      // A fixed, readable invitation code: /register?affiliateCode=KHELA01 works on every demo install.
      referralCode: 'KHELA01',
      contacts: {},
    });
    await authRepository.insertMember(tx, {
      ...demoAccountBase(deps.rng, now),
      username: 'demo01',
      passwordHash: await deps.passwords.hash(DEMO_LOGINS[0].password),
      type: accountTypes.member,
      nickname: 'Demo Player',
      payeeName: 'Demo Player',
      countryDialingCode: '880',
      mobile: '1700000001',
      uplineId: agent.id,
      contacts: {},
    });
  });
  if (seededNow) {
    // After the transaction: the admin service uses its own connection (PGlite has only one).
    const admins = new AdminService(
      db,
      deps.clock,
      deps.rng,
      deps.passwords,
      new AuditService({ db, clock: deps.clock }),
    );
    await admins.create({
      username: DEMO_LOGINS[2].username,
      role: 'owner',
      password: DEMO_LOGINS[2].password,
    });
  }
  return DEMO_LOGINS;
}

/** Printed at every start; the accounts are created with the rest of the demo content, once. */
const DEMO_LOGINS: readonly [DemoLogin, DemoLogin, DemoLogin] = [
  { username: 'demo01', password: 'Demo1234', role: 'member, mobile +880 1700000001' },
  { username: 'agent01', password: 'Agent1234', role: 'agent, invitation code KHELA01' },
  {
    username: 'admin',
    password: 'Admin-Pass-2026',
    role: 'operator staff (owner): POST /wps/admin/session/login',
  },
];

function demoAccountBase(rng: Rng, now: Date) {
  return {
    publicId: newId(rng, 'mbr'),
    account: newAccountNumber(rng),
    referralCode: newReferralCode(rng),
    passwordChangedAt: now,
    createdAt: now,
  };
}
