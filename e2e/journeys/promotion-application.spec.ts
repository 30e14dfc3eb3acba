import { deflateSync } from 'node:zlib';
import type { APIRequestContext } from '@playwright/test';
import { operator } from '../support/operator.js';
import { registerMember } from '../support/member.js';
import { snapshot } from '../support/screenshot.js';
import { dismissDialogs, type Language } from '../support/sessions.js';
import { expect, test } from '../support/test.js';

/** A real 8x8 PNG (the server decodes every image; a renamed file is refused). */
function tinyPng(): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (table[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(8, 0);
  header.writeUInt32BE(8, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.concat(
    Array.from({ length: 8 }, () => Buffer.concat([Buffer.from([0]), Buffer.alloc(24, 0xc0)])),
  );
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The operator's review, as the back office calls it: the demo owner approves the member's application. */
async function approveLatest(request: APIRequestContext, bonus: string): Promise<void> {
  const login = await request.post('/wps/admin/session/login', {
    data: { username: 'admin', password: 'Admin-Pass-2026' },
  });
  const session = (await login.json()) as { success: boolean; value: { token: string } };
  expect(session.success, 'the demo owner logs in').toBe(true);
  const headers = { 'x-admin-token': session.value.token };
  const list = await request.get('/wps/admin/promotions/applications?status=applying', { headers });
  const pending = (await list.json()) as { value: { id: string }[] };
  const [latest] = pending.value;
  expect(latest, 'an application waits for review').toBeDefined();
  const approved = await request.post(`/wps/admin/promotions/applications/${latest?.id}/approve`, {
    headers,
    data: { bonus, turnoverMultiple: 5 },
  });
  expect(((await approved.json()) as { success: boolean }).success).toBe(true);
}

const texts = {
  en: {
    comment: 'Comment',
    images: 'Images (up to 3)',
    apply: 'Apply',
    applying: 'Applying',
    issued: 'Issued',
    claim: 'Claim bonus',
    credited: /was credited to your bonus balance/,
    details: 'See bonus details',
  },
  bn: {
    comment: 'মন্তব্য',
    images: 'ছবি (সর্বোচ্চ ৩টি)',
    apply: 'আবেদন করুন',
    applying: 'আবেদন চলছে',
    issued: 'অনুমোদিত',
    claim: 'বোনাস গ্রহণ করুন',
    credited: /বোনাস ব্যালেন্সে জমা হয়েছে/,
    details: 'বোনাসের বিস্তারিত দেখুন',
  },
} as const;

test.describe('promotion applications', () => {
  test.beforeAll(async () => {
    await operator('settings', 'set', 'register.captchaEnabled', 'false');
  });
  test.afterAll(async () => {
    await operator('settings', 'reset', 'register.captchaEnabled');
  });

  for (const language of ['en', 'bn'] as Language[]) {
    test(`a member applies with an image, the operator approves, the member claims and sees the bonus (${language})`, async ({
      page,
    }) => {
      const text = texts[language];
      await page.addInitScript((lang) => localStorage.setItem('hisLang', lang), language);
      const promotions = await page.request.get('/wps/promotions');
      const [promotion] = ((await promotions.json()) as { value: { id: string }[] }).value;
      expect(promotion, 'the demo has promotions').toBeDefined();

      await page.goto(`/?token=${(await registerMember(page, 'promo')).code}`);
      await expect(page.locator('.header-balance')).toBeVisible();
      await dismissDialogs(page, language);
      await page.goto(`/promoDetail/${promotion?.id}`);

      await page.getByLabel(text.comment).fill('My deposit slip, as asked');
      await page
        .getByLabel(text.images)
        .setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: tinyPng() });
      await snapshot(page, `promotion-application-form-${language}`);
      await page.getByRole('button', { name: text.apply, exact: true }).click();
      await expect(page.locator('.content-activity__chip')).toHaveText(text.applying);
      await snapshot(page, `promotion-application-applying-${language}`);

      await approveLatest(page.request, '25.00');
      await page.reload();
      await expect(page.locator('.content-activity__chip')).toHaveText(text.issued);
      await page.getByRole('button', { name: text.claim }).click();
      await expect(page.getByText(text.credited)).toBeVisible();
      await expect(page.locator('.header-balance')).toContainText(/25|২৫/);
      await snapshot(page, `promotion-application-claimed-${language}`);

      await page.getByRole('link', { name: text.details }).click();
      const table = page.locator('.wallet-table');
      await expect(table).toContainText(/25|২৫/);
      await snapshot(page, `promotion-application-bonus-details-${language}`);
    });
  }
});
