import { snapshot } from '../support/screenshot';
import { openHomeAs, prime } from '../support/sessions';
import { expect, test } from '../support/test';

/**
 * The chat room (issue 15): a visitor is asked to log in; two members in the lobby room, each in a
 * browser of their own, and what one sends the other sees at once over the WebSocket. A message written
 * as HTML arrives as the text it is.
 */

test('a visitor opening the chat room is asked to log in', async ({ page }) => {
  await prime(page, 'en');
  await openHomeAs(page, 'visitor', 'en', '/chat');
  await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByText('Log in to chat')).toBeVisible();
});

test('a member sends a chat message that another member sees live, as text', async ({ page, browser }) => {
  await prime(page, 'en');
  await openHomeAs(page, 'member', 'en', '/chat');
  const readerLog = page.getByRole('log', { name: 'Chat messages' });
  const readerBox = page.getByPlaceholder('Write a message');
  // The reader's room is open (its history shown, or the empty room) before anything is sent.
  await expect(readerBox).toBeVisible();

  const senderContext = await browser.newContext({
    locale: 'en-US',
    timezoneId: 'Asia/Dhaka',
    viewport: { width: 1280, height: 800 },
  });
  try {
    const sender = await senderContext.newPage();
    await prime(sender, 'en');
    await openHomeAs(sender, 'agent', 'en', '/chat');
    const stamp = Date.now().toString(36);
    const text = `<b>hello</b> from the journey ${stamp}`;
    await sender.getByPlaceholder('Write a message').fill(text);
    await sender.getByRole('button', { name: 'Send' }).click();
    await expect(sender.getByRole('log', { name: 'Chat messages' })).toContainText(text);

    // The reader sees it without reloading: the WebSocket's push, not a poll.
    const line = readerLog.locator('.chat-line', { hasText: stamp });
    await expect(line).toBeVisible({ timeout: 15_000 });
    await expect(line.locator('.chat-line__text')).toHaveText(text);
    await expect(line.locator('b')).toHaveCount(0);
    await snapshot(page, 'chat-received-en-390');

    // And the reader answers; the sender sees that live too.
    await readerBox.fill(`hi back ${stamp}`);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(
      sender
        .getByRole('log', { name: 'Chat messages' })
        .locator('.chat-line', { hasText: `hi back ${stamp}` }),
    ).toBeVisible({ timeout: 15_000 });
    await snapshot(sender, 'chat-answer-en-1280');
  } finally {
    await senderContext.close();
  }
});
