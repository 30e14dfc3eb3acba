import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemberCentreSlot } from './components/member-centre-slot';
import { logIn, memberInfo, renderFeature } from '@/test/feature-test-utils';
import { fakeServer } from '@/test/fake-server';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('invite friends', () => {
  it('shows the invite link with a copy button and its QR code', async () => {
    logIn();
    fakeServer({ 'GET /wps/member/info': () => memberInfo({ referralCode: 'RAHIM7' }) });
    const { user } = renderFeature(<MemberCentreSlot />, { route: '/?mc=referral' });

    const link = `${window.location.origin}/register?referralCode=RAHIM7`;
    expect(await screen.findByLabelText('Your invite link')).toHaveValue(link);
    await user.click(screen.getByRole('button', { name: 'Copy Your invite link' }));
    // user-event puts a clipboard stand-in in place of the browser's.
    expect(await navigator.clipboard.readText()).toBe(link);
    expect(await screen.findByText('Copied.')).toBeInTheDocument();

    const qr = await screen.findByTitle('QR code of your invite link');
    const svg = qr.closest('svg');
    expect(svg).toHaveAttribute('width', '200');
    // SPEC section 9: a 20 px quiet zone around the code.
    expect(svg?.closest('.ui-qr-code')).toHaveStyle({ padding: '20px' });
  });
});
