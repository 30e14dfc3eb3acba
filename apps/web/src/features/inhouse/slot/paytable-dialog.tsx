import { parseMoney, SLOT_LINE_COUNT, type SlotInfo } from '@platform/contract/client';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components';
import { useCountFormat, useMoneyFormat } from '@/features/system';
import { SymbolArt } from './symbol-art';

/**
 * The game's info page: the stated return to player of the variant the operator runs, every pay at the
 * chosen bet, the wild, the scatter and the free spins, and the 20 lines drawn.
 */
export function PaytableDialog({
  open,
  onClose,
  info,
  bet,
}: {
  open: boolean;
  onClose(): void;
  info: SlotInfo;
  bet: string;
}) {
  const { t } = useTranslation('slot');
  const money = useMoneyFormat();
  const count = useCountFormat();
  const lineBet = parseMoney(bet) / BigInt(SLOT_LINE_COUNT);
  const total = parseMoney(bet);
  return (
    <Modal open={open} onClose={onClose} title={t('paytable.title')}>
      {/* Focusable, so the dialog's scrolling body can be scrolled from the keyboard. */}
      <div className="slot-paytable" tabIndex={0}>
        <p className="slot-paytable__rtp">
          <strong>{t('paytable.rtp', { rtp: info.statedRtp })}</strong>
        </p>
        <p>{t('paytable.rtpHelp')}</p>
        <p>{t('paytable.atBet', { bet: money(bet), lineBet: money(lineBet) })}</p>
        <table className="slot-paytable__pays">
          <caption className="visually-hidden">{t('paytable.paysCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('paytable.symbol')}</th>
              <th scope="col">{t('paytable.ofKind', { count: count(3) })}</th>
              <th scope="col">{t('paytable.ofKind', { count: count(4) })}</th>
              <th scope="col">{t('paytable.ofKind', { count: count(5) })}</th>
            </tr>
          </thead>
          <tbody>
            {info.linePays.map(({ symbol, pays }) => (
              <tr key={symbol}>
                <th scope="row">
                  <span className="slot-paytable__symbol">
                    <SymbolArt symbol={symbol} size={36} />
                    {t(`symbols.${symbol}`)}
                  </span>
                </th>
                {pays.map((pay, index) => (
                  <td key={index}>{money(BigInt(pay) * lineBet)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <h3>{t('paytable.wildTitle')}</h3>
        <p className="slot-paytable__rule">
          <SymbolArt symbol={info.wild} size={40} />
          {t('paytable.wild')}
        </p>
        <h3>{t('paytable.scatterTitle')}</h3>
        <p className="slot-paytable__rule">
          <SymbolArt symbol={info.scatter} size={40} />
          {t('paytable.scatter', {
            three: money(BigInt(info.scatterPays[0] ?? 0) * total),
            four: money(BigInt(info.scatterPays[1] ?? 0) * total),
            five: money(BigInt(info.scatterPays[2] ?? 0) * total),
          })}
        </p>
        <p>
          {t('paytable.freeSpins', {
            three: count(info.freeSpinAwards[0] ?? 0),
            four: count(info.freeSpinAwards[1] ?? 0),
            five: count(info.freeSpinAwards[2] ?? 0),
            multiplier: count(info.freeSpinMultiplier),
          })}
        </p>
        <h3>{t('paytable.linesTitle')}</h3>
        <p>{t('paytable.lines')}</p>
        <ol className="slot-paytable__lines">
          {info.paylines.map((rows, index) => (
            <li key={index}>
              <span className="slot-paytable__line-number">{count(index + 1)}</span>
              <svg viewBox="0 0 50 30" aria-hidden="true" focusable="false">
                {[0, 1, 2].map((row) =>
                  [0, 1, 2, 3, 4].map((reel) => (
                    <rect
                      key={`${reel}-${row}`}
                      x={reel * 10 + 1}
                      y={row * 10 + 1}
                      width="8"
                      height="8"
                      rx="1.5"
                      className={rows[reel] === row ? 'slot-paytable__cell--on' : 'slot-paytable__cell'}
                    />
                  )),
                )}
              </svg>
              <span className="visually-hidden">
                {t('paytable.lineRows', { rows: rows.map((row) => t(`paytable.row${row}`)).join(', ') })}
              </span>
            </li>
          ))}
        </ol>
        <p className="slot-paytable__note">{t('paytable.note')}</p>
      </div>
    </Modal>
  );
}
