import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemberCentreSlot } from './components/member-centre-slot';
import { logIn, memberInfo, renderFeature } from '@/test/feature-test-utils';
import { fail, fakeServer } from '@/test/fake-server';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const emailRule = {
  enabled: true,
  required: false,
  acceptedPattern: '[^@\\s]+@[^@\\s]+\\.[a-z]{2,}',
  patternId: 'EMAIL' as const,
  minLength: 5,
  maxLength: 100,
};

async function openProfile(routes: Parameters<typeof fakeServer>[0] = {}) {
  logIn();
  const server = fakeServer({ 'GET /wps/member/info': () => memberInfo(), ...routes });
  const rendered = renderFeature(<MemberCentreSlot />, {
    route: '/?mc=profile',
    info: {
      register: {
        fields: { email: emailRule } as never,
        captchaEnabled: false,
        minimumAge: 18,
      },
    },
  });
  await screen.findByRole('heading', { name: 'Profile' });
  const input = await screen.findByLabelText('Choose a new photo');
  return { ...rendered, server, input };
}

describe('avatar upload', () => {
  it('refuses a GIF before sending anything', async () => {
    const { user, input, server } = await openProfile();
    await user.upload(input, new File(['GIF89a'], 'cat.gif', { type: 'image/gif' }));
    expect(await screen.findByText('Please choose a PNG or JPG image.')).toBeInTheDocument();
    expect(server.calls('POST /wps/member/info/icon')).toHaveLength(0);
  });

  it('refuses a 3 MB image before sending anything', async () => {
    const { user, input, server } = await openProfile();
    const big = new File([new Uint8Array(3 * 1024 * 1024)], 'big.png', { type: 'image/png' });
    await user.upload(input, big);
    expect(
      await screen.findByText('The image is too large. Please choose one of at most 2 MB.'),
    ).toBeInTheDocument();
    expect(server.calls('POST /wps/member/info/icon')).toHaveLength(0);
  });

  it('sends a PNG as FormData field "icon" and shows the new photo', async () => {
    const { user, input, server } = await openProfile({
      'POST /wps/member/info/icon': () => ({ avatarUrl: '/avatars/new.png' }),
    });
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    await user.upload(input, png);
    expect(await screen.findByText('Your new photo is saved.')).toBeInTheDocument();
    const [call] = server.calls('POST /wps/member/info/icon');
    const body = call?.init?.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('icon')).toBe(png);
    const photos = screen.getAllByRole('img', { name: 'Your profile photo' });
    expect(photos.some((photo) => photo.getAttribute('src') === '/avatars/new.png')).toBe(true);
  });

  it('shows the server error when the upload fails', async () => {
    const { user, input } = await openProfile({
      'POST /wps/member/info/icon': () => fail('RATE_LIMITED', 429),
    });
    await user.upload(input, new File(['x'], 'me.jpg', { type: 'image/jpeg' }));
    expect(
      await screen.findByText('Too many requests. Please wait a moment and try again.'),
    ).toBeInTheDocument();
  });
});

describe('avatar upload refused by the server', () => {
  it('shows the reason the server gives for the file', async () => {
    const { user, input } = await openProfile({
      'POST /wps/member/info/icon': () =>
        fail('VALIDATION_FAILED', 400, {
          issues: [{ path: 'icon', message: 'validation.imageType', params: { types: 'png, jpg' } }],
        }),
    });
    // Named .png but not an image: only the server can tell.
    await user.upload(input, new File(['not really'], 'fake.png', { type: 'image/png' }));
    expect(await screen.findByText('Please choose a PNG or JPG image.')).toBeInTheDocument();
  });
});

describe('default avatar', () => {
  it('shows the default avatar when the photo fails to load', async () => {
    logIn();
    fakeServer({ 'GET /wps/member/info': () => memberInfo({ avatarUrl: '/avatars/gone.png' }) });
    renderFeature(<MemberCentreSlot />, { route: '/?mc=profile' });
    await screen.findByLabelText('Choose a new photo');
    const photos = screen.getAllByRole('img', { name: 'Your profile photo' });
    for (const photo of photos) {
      expect(photo.tagName).toBe('IMG');
      fireEvent.error(photo);
    }
    await waitFor(() =>
      expect(
        screen.getAllByRole('img', { name: 'Your profile photo' }).every((photo) => photo.tagName === 'svg'),
      ).toBe(true),
    );
  });
});

describe('profile form', () => {
  it('shows the email rule message under the field and sends nothing', async () => {
    const { user, server } = await openProfile();
    const email = screen.getByLabelText('Email');
    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(server.calls('PUT /wps/member/info')).toHaveLength(0);
  });

  it('keeps what was typed after a server error, then saves', async () => {
    let failing = true;
    const { user, server } = await openProfile({
      'PUT /wps/member/info': ({ init }) => {
        if (failing) return fail('INTERNAL', 500);
        const body = JSON.parse(String(init?.body)) as { nickname?: string };
        return memberInfo({ nickname: body.nickname ?? null, email: 'n***@example.com' });
      },
    });
    const nickname = screen.getByLabelText('Nickname');
    const email = screen.getByLabelText('Email');
    await user.clear(nickname);
    await user.type(nickname, 'Tiger');
    await user.type(email, 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(
      await screen.findByText('Something went wrong on our side. Please try again.'),
    ).toBeInTheDocument();
    expect(nickname).toHaveValue('Tiger');
    expect(email).toHaveValue('new@example.com');
    const [call] = server.calls('PUT /wps/member/info');
    expect(JSON.parse(String(call?.init?.body))).toEqual({ nickname: 'Tiger', email: 'new@example.com' });

    failing = false;
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your profile is saved.')).toBeInTheDocument();
    expect(nickname).toHaveValue('Tiger');
    expect(email).toHaveValue('');
    const menu = screen.getByRole('navigation', { name: 'Member centre menu' });
    // The summary beside the menu shows the new nickname from the updated member info.
    await waitFor(() => expect(within(menu.parentElement!).getByText('Tiger')).toBeInTheDocument());
  });

  it('shows a server field problem under its field', async () => {
    const { user } = await openProfile({
      'PUT /wps/member/info': () =>
        fail('VALIDATION_FAILED', 400, {
          issues: [{ path: 'email', message: 'patterns.EMAIL', params: { min: 5, max: 100 } }],
        }),
    });
    await user.type(screen.getByLabelText('Email'), 'x@y.zz');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('x@y.zz');
  });
});
