import type { PromotionApplication, PromotionDetail } from '@platform/contract/client';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeServer } from '@/test/fake-server';
import { logIn } from '@/test/feature-test-utils';
import { renderWithProviders } from '@/test/render-with-providers';
import { activityStatus } from '../lib/activity-status';
import PromotionDetailPage from '../pages/promotion-detail-page';

const promotion: PromotionDetail = {
  id: 'p1',
  category: 'daily',
  title: 'Reload bonus',
  summary: 'Apply with your slip',
  imageUrl: '/img/p1.jpg',
  image: null,
  action: null,
  startsAt: '2026-01-01T00:00:00Z',
  endsAt: null,
  content: 'Send your deposit slip.',
};
const application = (overrides: Partial<PromotionApplication> = {}): PromotionApplication => ({
  id: 'app_0123456789abcdef0123',
  promotionId: 'p1',
  status: 'applying',
  comment: 'my slip',
  images: 1,
  bonus: null,
  turnoverRequired: null,
  reason: null,
  appliedAt: '2026-02-01T00:00:00Z',
  claimedAt: null,
  ...overrides,
});
const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'slip.png', { type: 'image/png' });

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const open = () =>
  renderWithProviders(<PromotionDetailPage />, { route: '/promoDetail/p1', path: '/promoDetail/:id' });

describe('activityStatus', () => {
  const now = new Date('2026-03-01T00:00:00Z');
  it('follows SPEC section 4: join, applying, rejected, issued, claimed, closed, coming soon', () => {
    expect(activityStatus(promotion, undefined, now)).toBe('join');
    expect(activityStatus(promotion, application(), now)).toBe('applying');
    expect(activityStatus(promotion, application({ status: 'rejected' }), now)).toBe('rejected');
    expect(activityStatus(promotion, application({ status: 'issued' }), now)).toBe('issued');
    expect(activityStatus(promotion, application({ status: 'claimed' }), now)).toBe('claimed');
    expect(activityStatus({ ...promotion, endsAt: '2026-02-01T00:00:00Z' }, undefined, now)).toBe('closed');
    expect(activityStatus({ ...promotion, startsAt: '2026-04-01T00:00:00Z' }, undefined, now)).toBe(
      'comingSoon',
    );
    // An approved bonus stays claimable after the promotion ends.
    expect(
      activityStatus(
        { ...promotion, endsAt: '2026-02-01T00:00:00Z' },
        application({ status: 'issued' }),
        now,
      ),
    ).toBe('issued');
  });
});

describe('promotion application', () => {
  it('asks a visitor to log in, and calls nothing of the member', async () => {
    const server = fakeServer({ 'GET /wps/promotions/:id': () => promotion });
    open();
    expect(await screen.findByRole('button', { name: 'Log in to apply' })).toBeInTheDocument();
    expect(server.calls('GET /wps/promotions/applications')).toHaveLength(0);
  });

  it('applies with a comment and an image, then shows the applying state', async () => {
    logIn();
    const server = fakeServer({
      'GET /wps/promotions/:id': () => promotion,
      'GET /wps/promotions/applications': () => [],
      'POST /wps/promotions/:id/applications': () => application(),
    });
    const { user } = open();
    await user.type(await screen.findByLabelText('Comment'), 'my slip');
    await user.upload(await screen.findByLabelText('Images (up to 3)'), png());
    expect(screen.getByText('1 image chosen.')).toBeInTheDocument();
    server.use({ 'GET /wps/promotions/applications': () => [application()] });
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Applying')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
    const [sent] = server.calls('POST /wps/promotions/:id/applications');
    const form = sent?.body as FormData;
    expect(form.get('comment')).toBe('my slip');
    expect(form.getAll('images')).toHaveLength(1);
  });

  it('refuses a 141-character comment and a fourth image before sending', async () => {
    logIn();
    const server = fakeServer({
      'GET /wps/promotions/:id': () => promotion,
      'GET /wps/promotions/applications': () => [],
    });
    const { user } = open();
    const comment = await screen.findByLabelText('Comment');
    // The input stops at 140; a pasted value past it still meets the schema's limit.
    comment.removeAttribute('maxlength');
    await user.type(comment, 'x'.repeat(141));
    await user.upload(screen.getByLabelText('Images (up to 3)'), [png(), png(), png(), png()]);
    expect(screen.getByText('At most 3 images.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('At most 140 characters.')).toBeInTheDocument();
    expect(server.calls('POST /wps/promotions/:id/applications')).toHaveLength(0);
  });

  it("shows the server's image refusal under the images", async () => {
    logIn();
    fakeServer({
      'GET /wps/promotions/:id': () => promotion,
      'GET /wps/promotions/applications': () => [],
      'POST /wps/promotions/:id/applications': () =>
        fail('VALIDATION_FAILED', 400, {
          issues: [{ path: 'images.0', message: 'validation.notAnImage' }],
        }),
    });
    const { user } = open();
    await user.upload(await screen.findByLabelText('Images (up to 3)'), png());
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(/An image could not be read/)).toBeInTheDocument();
  });

  it('shows the reason of a rejection and lets the member apply again', async () => {
    logIn();
    fakeServer({
      'GET /wps/promotions/:id': () => promotion,
      'GET /wps/promotions/applications': () => [application({ status: 'rejected', reason: 'no slip' })],
    });
    open();
    expect(await screen.findByText('Reason: no slip. You may apply again.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Apply' })).toBeInTheDocument();
  });

  it('claims an issued bonus and shows it credited', async () => {
    logIn();
    const issued = application({ status: 'issued', bonus: '50.00', turnoverRequired: '500.00' });
    const server = fakeServer({
      'GET /wps/promotions/:id': () => promotion,
      'GET /wps/promotions/applications': () => [issued],
      'POST /wps/promotions/applications/:id/claim': () => ({
        ...issued,
        status: 'claimed',
        claimedAt: '2026-02-02T00:00:00Z',
      }),
    });
    const { user } = open();
    expect(await screen.findByText(/Valid bets of .*500.* are required/)).toBeInTheDocument();
    server.use({
      'GET /wps/promotions/applications': () => [{ ...issued, status: 'claimed' }],
    });
    await user.click(screen.getByRole('button', { name: 'Claim bonus' }));
    expect(await screen.findByText(/was credited to your bonus balance/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See bonus details' })).toHaveAttribute(
      'href',
      '/promoDetail/p1?mc=bonusDetails',
    );
    await waitFor(() => expect(server.calls('POST /wps/promotions/applications/:id/claim')).toHaveLength(1));
  });

  it('shows why a claim failed', async () => {
    logIn();
    fakeServer({
      'GET /wps/promotions/:id': () => promotion,
      'GET /wps/promotions/applications': () => [application({ status: 'issued', bonus: '5.00' })],
      'POST /wps/promotions/applications/:id/claim': () => fail('ALREADY_CLAIMED', 409),
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Claim bonus' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});
