import path from 'node:path';
import type { Page } from '@playwright/test';

/** Screenshots for people to look at; kept out of git. */
export async function snapshot(page: Page, name: string): Promise<void> {
  await page.screenshot({
    path: path.join(import.meta.dirname, '../screenshots', `${name}.png`),
    fullPage: false,
  });
}
