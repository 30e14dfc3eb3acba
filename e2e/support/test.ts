import { expect, test as base } from '@playwright/test';

/**
 * Playwright's test, with one promise added to every journey: the page runs under the server's
 * Content-Security-Policy without a violation and without an uncaught error. A script or style the
 * policy blocks would break the page silently for a real visitor; here it fails the journey.
 */
export const test = base.extend<{ cleanConsole: void }>({
  cleanConsole: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
          problems.push(`CSP: ${message.text()}`);
        }
      });
      page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
      await use();
      expect(problems, 'the browser console of this journey').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
