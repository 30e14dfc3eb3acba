import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WelcomeBonus } from '../components/welcome-bonus';
import { renderAuth, testSiteInfo } from './auth-test-utils';

const BDT = { code: 'BDT', locales: { bn: 'bn-BD', en: 'en-IN' } };

describe('the registration title’s welcome bonus', () => {
  it("says the welcome promotion's percentage and ceiling in the site's currency", () => {
    renderAuth(<WelcomeBonus />, {
      info: { ...testSiteInfo(), currency: BDT, welcomeBonus: { percent: 100, upTo: '10000.00' } },
    });
    expect(
      screen.getByText('Sign up now: a 100% welcome bonus on your first deposit, up to ৳10,000.00!'),
    ).toBeInTheDocument();
  });

  it('says nothing while the operator has the offer off', () => {
    renderAuth(<WelcomeBonus />, { info: { ...testSiteInfo(), currency: BDT, welcomeBonus: null } });
    expect(screen.queryByText(/welcome bonus/)).not.toBeInTheDocument();
  });
});
