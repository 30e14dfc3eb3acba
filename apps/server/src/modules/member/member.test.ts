import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberInfo } from '@platform/contract';
import { eq } from 'drizzle-orm';
import { member, memberAvatar, memberMessage } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  cameraJpeg,
  GIF,
  JPEG,
  multipart,
  PNG,
  pngClaiming,
  pngOf,
  pngPolyglot,
  POLYGLOT_TAIL,
} from '../../test/uploads.js';
import { bearer, createMember, type TestMember } from '../../test/factories.js';

let t: TestApp;
const DAY = 86_400_000;

const upload = (
  who: TestMember,
  bytes: Buffer,
  filename = 'me.png',
  contentType = 'image/png',
  field = 'icon',
) => {
  const body = multipart([{ field, filename, contentType, bytes }]);
  return t.call<{ avatarUrl: string }>({
    method: 'POST',
    url: '/wps/member/info/icon',
    headers: { ...bearer(who.token), ...body.headers },
    payload: body.payload,
  });
};

const storedAvatar = async (who: TestMember) =>
  (await t.handle.db.select().from(memberAvatar).where(eq(memberAvatar.memberId, who.row.id)))[0] ?? null;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /wps/member/info', () => {
  it('answers the member with mobile and email masked, club label, upline and flags', async () => {
    const upline = await createMember(t, { type: 1 });
    const who = await createMember(t, {
      countryDialingCode: '880',
      mobile: '1712345678',
      email: 'player@example.com',
      nickname: 'Tiger',
      payeeName: 'Rahim Uddin',
      rankLevel: 3,
      uplineId: upline.row.id,
      lastLoginAt: new Date(t.clock.now().getTime() - DAY),
      lastLoginIp: '203.0.113.9',
    });
    const { status, body } = await t.call<MemberInfo>({
      method: 'GET',
      url: '/wps/member/info',
      headers: who.auth,
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      value: {
        id: who.row.publicId,
        userName: who.row.username,
        account: who.row.account,
        nickname: 'Tiger',
        type: 0,
        toUpline: upline.row.account,
        clubLabel: { labelName: 'Gold', color: expect.any(String), color2: expect.any(String), rankLevel: 3 },
        firstTimeLogin: true,
        passwordExpired: false,
        mobileNum: '171****678',
        countryDialingCode: '880',
        email: 'p****@example.com',
        payeeName: 'Rahim Uddin',
        avatarUrl: null,
        referralCode: who.row.referralCode,
        createdAt: who.row.createdAt.toISOString(),
        lastLoginAt: new Date(t.clock.now().getTime() - DAY).toISOString(),
        lastLoginIp: '203.0.113.9',
        hasPaymentPassword: false,
      },
    });
    // Nothing the contract does not name leaks out.
    expect(JSON.stringify(body)).not.toContain('argon2');
  });

  it('says the password expired once it is older than auth.passwordMaxAgeDays', async () => {
    const who = await createMember(t, {
      passwordChangedAt: new Date(t.clock.now().getTime() - 31 * DAY),
      firstLoginAt: t.clock.now(),
    });
    await t.services.settings.set('auth.passwordMaxAgeDays', 30);
    try {
      const { body } = await t.call<MemberInfo>({
        method: 'GET',
        url: '/wps/member/info',
        headers: who.auth,
      });
      expect(body.success && body.value).toMatchObject({ passwordExpired: true, firstTimeLogin: false });
    } finally {
      await t.services.settings.reset('auth.passwordMaxAgeDays');
    }
  });

  it('refuses with 401 without a token, with an unknown token and with an ended session', async () => {
    const who = await createMember(t);
    const none = await t.call({ method: 'GET', url: '/wps/member/info' });
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    const unknown = await t.call({ method: 'GET', url: '/wps/member/info', headers: bearer('x'.repeat(43)) });
    expect(unknown.status).toBe(401);
    await t.services.sessions.endAllFor(t.handle.db, who.row.id, 'test');
    const ended = await t.call({ method: 'GET', url: '/wps/member/info', headers: who.auth });
    expect(ended.status).toBe(401);
    expect(ended.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });
});

describe('PUT /wps/member/info', () => {
  it('changes nickname and email, trimmed, and answers the new member info', async () => {
    const who = await createMember(t, { nickname: 'Old', email: 'old@example.com' });
    const { status, body } = await t.call<MemberInfo>({
      method: 'PUT',
      url: '/wps/member/info',
      headers: who.auth,
      payload: { nickname: '  বাঘ Tiger  ', email: ' new@example.org ' },
    });
    expect(status).toBe(200);
    expect(body.success && body.value).toMatchObject({ nickname: 'বাঘ Tiger', email: 'n****@example.org' });
    const [row] = await t.handle.db.select().from(member).where(eq(member.id, who.row.id));
    expect(row).toMatchObject({ nickname: 'বাঘ Tiger', email: 'new@example.org' });
  });

  it('leaves a field out unchanged and removes the email when it is empty', async () => {
    const who = await createMember(t, { nickname: 'Keep', email: 'gone@example.com' });
    const { body } = await t.call<MemberInfo>({
      method: 'PUT',
      url: '/wps/member/info',
      headers: who.auth,
      payload: { email: '' },
    });
    expect(body.success && body.value).toMatchObject({ nickname: 'Keep', email: null });
  });

  it.each([
    ['a script fragment', { nickname: '<script>alert(1)</script>' }, 'nickname', 'validation.nickname'],
    ['angle brackets', { nickname: 'a<b' }, 'nickname', 'validation.nickname'],
    ['a control character', { nickname: 'bad\u0007bell' }, 'nickname', 'validation.invalidCharacters'],
    ['a direction override', { nickname: 'abc\u202Egnp.exe' }, 'nickname', 'validation.nickname'],
    ['33 characters', { nickname: 'x'.repeat(33) }, 'nickname', 'validation.nickname'],
    ['only spaces', { nickname: '   ' }, 'nickname', 'validation.required'],
    ['a malformed email', { nickname: 'Fine', email: 'not-an-email' }, 'email', 'patterns.EMAIL'],
  ])('refuses %s and changes nothing', async (_, payload, path, message) => {
    const who = await createMember(t, { nickname: 'Before', email: 'before@example.com' });
    const { status, body } = await t.call({
      method: 'PUT',
      url: '/wps/member/info',
      headers: who.auth,
      payload,
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', issues: [{ path, message }] });
    const [row] = await t.handle.db.select().from(member).where(eq(member.id, who.row.id));
    expect(row).toMatchObject({ nickname: 'Before', email: 'before@example.com' });
  });

  it('accepts 32 characters, counting Bengali letters as characters', async () => {
    const who = await createMember(t);
    const nickname = 'ক'.repeat(32);
    const { status } = await t.call({
      method: 'PUT',
      url: '/wps/member/info',
      headers: who.auth,
      payload: { nickname },
    });
    expect(status).toBe(200);
  });

  it('refuses a nickname longer than the contract allows before any rule runs', async () => {
    const who = await createMember(t);
    const { status } = await t.call({
      method: 'PUT',
      url: '/wps/member/info',
      headers: who.auth,
      payload: { nickname: 'y'.repeat(65) },
    });
    expect(status).toBe(400);
  });
});

describe('avatar', () => {
  it('stores a real PNG, re-encoded, and serves it back with its type and a day of caching', async () => {
    const who = await createMember(t);
    const { status, body } = await upload(who, PNG);
    expect(status).toBe(200);
    const avatarUrl = body.success ? body.value.avatarUrl : '';
    expect(avatarUrl).toBe(`/wps/member/avatar/${who.row.publicId}?v=${t.clock.now().getTime()}`);

    const served = await t.app.inject({ method: 'GET', url: avatarUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=86400');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });

    const info = await t.call<MemberInfo>({ method: 'GET', url: '/wps/member/info', headers: who.auth });
    expect(info.body.success && info.body.value.avatarUrl).toBe(avatarUrl);
  });

  it('tells a JPEG by its bytes even when it is named .png, and replaces the previous avatar', async () => {
    const who = await createMember(t);
    await upload(who, PNG);
    t.clock.advance(1000);
    const { status, body } = await upload(who, JPEG, 'photo.png', 'image/png');
    expect(status).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: body.success ? body.value.avatarUrl : '' });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1, height: 1 });
    const rows = await t.handle.db.select().from(memberAvatar).where(eq(memberAvatar.memberId, who.row.id));
    expect(rows).toHaveLength(1);
  });

  it.each([
    ['a GIF', GIF, 'me.gif', 'image/gif'],
    ['a GIF named .png and declared image/png', GIF, 'me.png', 'image/png'],
    ['a text file renamed .png', Buffer.from('just some text, not an image\n'), 'notes.png', 'image/png'],
    [
      'an HTML page renamed .jpg',
      Buffer.from('<html><script>alert(1)</script></html>'),
      'x.jpg',
      'image/jpeg',
    ],
  ])('refuses %s and stores nothing', async (_, bytes, filename, contentType) => {
    const who = await createMember(t);
    const { status, body } = await upload(who, bytes, filename, contentType);
    expect(status).toBe(400);
    expect(body).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'icon', message: 'validation.imageType' }],
    });
    expect(await storedAvatar(who)).toBeNull();
  });

  it('accepts exactly 2 MB and refuses 2 MB and one byte, keeping the avatar it had', async () => {
    const who = await createMember(t);
    const limit = 2 * 1024 * 1024;
    const atLimit = Buffer.concat([PNG, Buffer.alloc(limit - PNG.length)]);
    expect((await upload(who, atLimit)).status).toBe(200);
    const before = await storedAvatar(who);

    const tooLarge = Buffer.concat([PNG, Buffer.alloc(limit + 1 - PNG.length)]);
    const { status, body } = await upload(who, tooLarge);
    expect(status).toBe(400);
    expect(body).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'icon', message: 'validation.fileTooLarge', params: { max: limit, maxMb: 2 } }],
    });
    const after = await storedAvatar(who);
    expect(after?.bytes).toEqual(before?.bytes);
    expect(after?.updatedAt).toEqual(before?.updatedAt);
  });

  it('stores only the image of a file that is also an HTML page (a polyglot)', async () => {
    const who = await createMember(t);
    expect((await upload(who, pngPolyglot())).status).toBe(200);
    const stored = await storedAvatar(who);
    expect(Buffer.from(stored?.bytes ?? []).includes(POLYGLOT_TAIL)).toBe(false);
    expect(await sharp(stored?.bytes).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
  });

  it('drops the camera metadata and GPS position of a photo, turns it upright and scales it down', async () => {
    const who = await createMember(t);
    // Orientation 6: the camera held sideways; upright, the 1200 x 800 picture is 800 x 1200.
    const photo = await cameraJpeg(1200, 800, 6);
    expect(await sharp(photo).metadata()).toMatchObject({ orientation: 6, exif: expect.any(Buffer) });
    expect((await upload(who, photo, 'photo.jpg', 'image/jpeg')).status).toBe(200);
    const stored = await sharp((await storedAvatar(who))?.bytes).metadata();
    expect(stored).toMatchObject({ format: 'jpeg', width: 341, height: 512 });
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
  });

  it('refuses a decompression bomb (a tiny file claiming 100,000 x 100,000 pixels) and stores nothing', async () => {
    const who = await createMember(t);
    const { status, body } = await upload(who, pngClaiming(100_000, 100_000));
    expect(status).toBe(400);
    expect(body).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'icon', message: 'validation.imageDimensions', params: { maxMegapixels: 50 } }],
    });
    expect(await storedAvatar(who)).toBeNull();
  });

  it('refuses a PNG cut short, and one whose bytes lie about being a PNG, storing nothing', async () => {
    const who = await createMember(t);
    const whole = await pngOf(64, 64);
    for (const bytes of [whole.subarray(0, whole.length - 30), Buffer.concat([PNG.subarray(0, 33), GIF])]) {
      const { status, body } = await upload(who, bytes);
      expect(status).toBe(400);
      expect(body).toMatchObject({ issues: [{ path: 'icon', message: 'validation.imageType' }] });
    }
    expect(await storedAvatar(who)).toBeNull();
  });

  it('refuses a body without the icon field, and a non-multipart body', async () => {
    const who = await createMember(t);
    const wrongField = await upload(who, PNG, 'me.png', 'image/png', 'avatar');
    expect(wrongField.status).toBe(400);
    expect(wrongField.body).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'icon' }] });
    const json = await t.call({
      method: 'POST',
      url: '/wps/member/info/icon',
      headers: who.auth,
      payload: {},
    });
    expect(json.status).toBe(415);
    expect(json.body).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(await storedAvatar(who)).toBeNull();
  });

  it('needs a session to upload', async () => {
    const body = multipart([{ field: 'icon', filename: 'a.png', contentType: 'image/png', bytes: PNG }]);
    const { status } = await t.call({
      method: 'POST',
      url: '/wps/member/info/icon',
      headers: body.headers,
      payload: body.payload,
    });
    expect(status).toBe(401);
  });

  it('answers a 404 envelope for a member without an avatar', async () => {
    const who = await createMember(t);
    const { status, body } = await t.call({ method: 'GET', url: `/wps/member/avatar/${who.row.publicId}` });
    expect(status).toBe(404);
    expect(body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const nobody = await t.call({ method: 'GET', url: '/wps/member/avatar/mbr_nobody' });
    expect(nobody.status).toBe(404);
  });
});

describe('GET /wps/member/unread', () => {
  it("counts the member's unread messages only", async () => {
    const who = await createMember(t);
    const other = await createMember(t);
    const message = (memberId: bigint, readAt: Date | null) => ({
      memberId,
      title: { en: 'Hello', bn: 'হ্যালো' },
      body: { en: 'Body', bn: 'বিষয়' },
      createdAt: t.clock.now(),
      readAt,
    });
    const empty = await t.call<{ count: number }>({
      method: 'GET',
      url: '/wps/member/unread',
      headers: who.auth,
    });
    expect(empty.body).toEqual({ success: true, value: { count: 0 } });
    await t.handle.db
      .insert(memberMessage)
      .values([
        message(who.row.id, null),
        message(who.row.id, null),
        message(who.row.id, t.clock.now()),
        message(other.row.id, null),
      ]);
    const { body } = await t.call<{ count: number }>({
      method: 'GET',
      url: '/wps/member/unread',
      headers: who.auth,
    });
    expect(body).toEqual({ success: true, value: { count: 2 } });
    expect((await t.call({ method: 'GET', url: '/wps/member/unread' })).status).toBe(401);
  });
});

describe('trial accounts', () => {
  it('may read their info but not edit a profile or upload an avatar', async () => {
    const trial = await createMember(t, { type: 4, passwordHash: null });
    expect((await t.call({ method: 'GET', url: '/wps/member/info', headers: trial.auth })).status).toBe(200);
    const edit = await t.call({
      method: 'PUT',
      url: '/wps/member/info',
      headers: trial.auth,
      payload: { nickname: 'Guest' },
    });
    expect(edit.status).toBe(403);
    expect(edit.body).toMatchObject({ code: 'NEED_REAL_ACCOUNT' });
    expect((await upload(trial, PNG)).body).toMatchObject({ code: 'NEED_REAL_ACCOUNT' });
    expect(await storedAvatar(trial)).toBeNull();
  });
});
