import type { Page } from '@platform/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedback, feedbackImage } from '../../db/schema.js';
import { createAdmin, createMember, type TestAdmin, type TestMember } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { GIF, JPEG, multipart, PNG, pngOf, textPart, type FilePart } from '../../test/uploads.js';

let t: TestApp;
let support: TestAdmin;
let who: TestMember;
beforeAll(async () => {
  t = await createTestApp();
  support = await createAdmin(t, 'support');
  who = await createMember(t);
});
afterAll(() => t.close());

const image = (bytes: Buffer, filename = 'shot.png', contentType = 'image/png'): FilePart => ({
  field: 'images',
  filename,
  contentType,
  bytes,
});
const send = (parts: FilePart[], auth: Record<string, string> | undefined = who.auth) => {
  const body = multipart(parts);
  return t.call<{ id: string }>({
    method: 'PUT',
    url: '/wps/feedback',
    headers: { ...auth, ...body.headers },
    payload: body.payload,
  });
};
const stored = async () => ({
  feedback: (await t.handle.db.select({ n: count() }).from(feedback))[0]?.n ?? 0,
  images: (await t.handle.db.select({ n: count() }).from(feedbackImage))[0]?.n ?? 0,
});

describe('PUT /wps/feedback', () => {
  it('refuses a visitor with 401', async () => {
    const answer = await send([textPart('category', 'game'), textPart('text', 'hi')], {});
    expect(answer.status).toBe(401);
  });

  it('stores the feedback with its images, and the operator lists it', async () => {
    const answer = await send([
      textPart('category', 'deposit'),
      textPart('text', 'My deposit <b>took</b> long'),
      image(PNG),
      image(JPEG, 'photo.jpg', 'image/jpeg'),
    ]);
    expect(answer.status).toBe(200);
    const list = await t.call<Page<{ id: string; account: string; images: number; text: string }>>({
      method: 'GET',
      url: '/wps/admin/feedback',
      headers: support.headers,
    });
    expect(list.body).toMatchObject({
      value: {
        list: [
          { account: who.row.account, images: 2, text: 'My deposit <b>took</b> long', category: 'deposit' },
        ],
      },
    });
    const cli = await t.services.operator.run(['feedback', 'list'], 'cli:test');
    expect(cli.output).toContain(who.row.account);
  });

  it('refuses each bad input with the field and stores nothing', async () => {
    const before = await stored();
    const big = Buffer.concat([await pngOf(16, 16), Buffer.alloc(6 * 1024 * 1024)]);
    const cases: [FilePart[], string][] = [
      [[textPart('category', 'nonsense'), textPart('text', 'x')], 'category'],
      [[textPart('category', 'game'), textPart('text', '   ')], 'text'],
      [[textPart('category', 'game'), textPart('text', 'x'.repeat(1001))], 'text'],
      [[textPart('category', 'game'), textPart('text', 'x'), image(GIF, 'a.png')], 'images.0'],
      [
        [textPart('category', 'game'), textPart('text', 'x'), image(Buffer.from('not an image'), 'a.png')],
        'images.0',
      ],
      [[textPart('category', 'game'), textPart('text', 'x'), image(big)], 'images'],
      [
        [textPart('category', 'game'), textPart('text', 'x'), image(PNG), image(PNG), image(PNG), image(PNG)],
        'images',
      ],
    ];
    for (const [parts, field] of cases) {
      const answer = await send(parts);
      expect(answer.status, field).toBe(400);
      expect(answer.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect(JSON.stringify(answer.body)).toContain(`"path":"${field}"`);
    }
    const json = await t.call({
      method: 'PUT',
      url: '/wps/feedback',
      headers: who.auth,
      payload: { text: 'x' },
    });
    expect(json.status).toBe(415);
    expect(await stored()).toEqual(before);
  });
});
