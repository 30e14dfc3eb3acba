import { expect, type APIRequestContext } from '@playwright/test';

interface OutboxMessage {
  to: string;
  body: string;
  createdAt: string;
}

/** The newest SMS code sent to a number, read from the development outbox as a developer would. */
export async function latestCode(request: APIRequestContext, to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/wps/dev/outbox?to=${encodeURIComponent(to)}`);
      const envelope = (await response.json()) as { success: boolean; value?: OutboxMessage[] };
      code = envelope.value?.[0]?.body.match(/\b(\d{6})\b/)?.[1];
      return code;
    })
    .toBeTruthy();
  return code as string;
}

/** Unique per run, so journeys never collide with rows from an earlier run on the same database. */
export function uniqueSuffix(): string {
  return `${Date.now() % 1_000_000}${Math.floor(Math.random() * 90 + 10)}`;
}
