import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import bnLottery from '@/i18n/locales/bn/lottery.json';
import bnVnLottery from '@/i18n/locales/bn/vnlottery.json';
import enLottery from '@/i18n/locales/en/lottery.json';
import enVnLottery from '@/i18n/locales/en/vnlottery.json';
import { lotteryFamilyOf, useBetTypeName, useSelectionText } from '../lib/bet-type-name';

function Names({ pairs }: { pairs: [string, string][] }) {
  const name = useBetTypeName();
  const selection = useSelectionText();
  return (
    <>
      <ul>
        {pairs.map(([gameCode, betType]) => (
          <li key={`${gameCode}-${betType}`}>{name(gameCode, betType)}</li>
        ))}
      </ul>
      <p data-testid="selection">
        {selection('SSC-1', ['sum', 'big'])} | {selection('VN-MB-D', ['45'])}
      </p>
    </>
  );
}

function renderIn(language: 'bn' | 'en', pairs: [string, string][]) {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    ns: ['lottery', 'vnlottery'],
    defaultNS: 'lottery',
    resources: {
      bn: { lottery: bnLottery, vnlottery: bnVnLottery },
      en: { lottery: enLottery, vnlottery: enVnLottery },
    },
    initAsync: false,
  });
  render(
    <I18nextProvider i18n={i18n}>
      <Names pairs={pairs} />
    </I18nextProvider>,
  );
  return screen.getAllByRole('listitem').map((item) => item.textContent);
}

const pairs: [string, string][] = [
  ['SSC-1', 'digit'],
  ['K3-3', 'any-triple'],
  ['X115-1', 'front2'],
  ['PK10-5', 'sum12'],
  ['VN-MB-D', 'lo2'],
  ['VN-MN-3', 'xien2'],
  ['SSC-1', 'no-such-type'],
];

describe('lottery bet type names in the records', () => {
  it('finds the family from the game code', () => {
    expect(['SSC-1', 'K3-3', 'X115-1', 'PK10-5', 'VN-MB-D', 'VN-MT-5'].map(lotteryFamilyOf)).toEqual([
      'SSC',
      'K3',
      'X115',
      'PK10',
      'VN',
      'VN',
    ]);
  });

  it('names every bet type in English and Bengali, and an unknown code as itself', () => {
    expect(renderIn('en', pairs)).toEqual([
      'Digit at a position',
      'Any triple',
      'First two in order',
      'First-two sum',
      'Lô (bao lô 2 số)',
      'Xiên 2',
      'no-such-type',
    ]);
  });

  it('names the words of a selection, and leaves numbers as they are', () => {
    renderIn('en', [['SSC-1', 'size']]);
    expect(screen.getByTestId('selection')).toHaveTextContent('Sum · Big | 45');
  });

  it('names them in Bengali from the Bengali files', () => {
    const bn = renderIn('bn', pairs);
    expect(bn[0]).toBe(bnLottery.betType.SSC.digit);
    expect(bn[1]).toBe(bnLottery.betType.K3['any-triple']);
    expect(bn[2]).toBe(bnLottery.betType.X115.front2);
    expect(bn[3]).toBe(bnLottery.betType.PK10.sum12);
    expect(bn[4]).toBe(bnVnLottery.betType.lo2.name);
    // A Bengali name is not the code, and not the English name.
    const english = [
      enLottery.betType.SSC.digit,
      enLottery.betType.K3['any-triple'],
      enLottery.betType.X115.front2,
      enLottery.betType.PK10.sum12,
    ];
    for (const [index, name] of bn.slice(0, 4).entries()) {
      expect(name).not.toBe(pairs[index]?.[1]);
      expect(name).not.toBe(english[index]);
    }
  });
});
