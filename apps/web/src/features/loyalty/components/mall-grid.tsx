import type { MallItem } from '@platform/contract/client';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Empty, ErrorState, Modal, Spinner } from '@/components';
import { useRequireRealAccount } from '@/features/auth';
import { useCountFormat, useMoneyFormat } from '@/features/system';
import { AttemptIds } from '@/features/wallet';
import { ApiError } from '@/lib/api-client';
import { useErrorText } from '@/lib/error-text';
import { useMallItems, useRedeemItem } from '../api/get-mall';
import { usePoints } from '../api/get-points';

/** How many more pieces this member may take now: the per-member limit left, the stock. */
export const piecesLeft = (item: MallItem): number =>
  Math.max(0, Math.min(item.perMemberLimit - item.redeemed, item.stock));

function ItemCard({ item, onRedeem }: { item: MallItem; onRedeem(item: MallItem): void }) {
  const { t } = useTranslation('loyalty');
  const count = useCountFormat();
  const money = useMoneyFormat();
  const left = piecesLeft(item);
  return (
    <li className="loyalty-card mall-item">
      <div className={`mall-item__art mall-item__art--${item.kind}`} aria-hidden="true">
        {item.imageUrl ? (
          <img src={item.imageUrl} alt="" width="96" height="96" loading="lazy" />
        ) : (
          <svg viewBox="0 0 24 24" width="48" height="48" fill="none" stroke="currentColor" strokeWidth="1.6">
            {item.kind === 'bonus' ? (
              <>
                <circle cx="12" cy="12" r="8" />
                <path d="M12 7v10M9.5 9.5h4a1.5 1.5 0 0 1 0 3h-3a1.5 1.5 0 0 0 0 3h4" />
              </>
            ) : (
              <path d="M4 10h16v10H4zM3 7h18v3H3zM12 7v13M12 7c-2-4-6-3-5 0M12 7c2-4 6-3 5 0" />
            )}
          </svg>
        )}
      </div>
      <div className="mall-item__body">
        <span className={`mall-kind mall-kind--${item.kind}`}>{t(`mall.kind.${item.kind}`)}</span>
        <h3 className="mall-item__name">{item.name}</h3>
        <p className="loyalty-muted">{item.description}</p>
        {item.bonus ? (
          <p className="mall-item__bonus">{t('mall.bonus', { amount: money(item.bonus) })}</p>
        ) : null}
        <p className="mall-item__points">{t('mall.points', { points: count(item.points) })}</p>
        <p className="loyalty-muted">
          {t('mall.stock', { stock: count(item.stock) })} ·{' '}
          {t('mall.limit', { limit: count(item.perMemberLimit), redeemed: count(item.redeemed) })}
        </p>
        <Button
          size="sm"
          disabled={left === 0}
          onClick={() => onRedeem(item)}
          aria-label={t('mall.redeemItem', { name: item.name })}
        >
          {item.stock === 0 ? t('mall.soldOut') : left === 0 ? t('mall.limitReached') : t('mall.redeem')}
        </Button>
      </div>
    </li>
  );
}

function RedeemDialog({ item, balance, onClose }: { item: MallItem; balance: number; onClose(): void }) {
  const { t } = useTranslation('loyalty');
  const count = useCountFormat();
  const errorText = useErrorText('loyalty', 'errors.generic');
  const redeem = useRedeemItem();
  // One request id per redeem the member means: a retry after a lost answer cannot redeem twice.
  const attempts = useRef(new AttemptIds());
  const [quantity, setQuantity] = useState(1);
  const [done, setDone] = useState<string | null>(null);
  const most = piecesLeft(item);
  const total = item.points * quantity;
  const short = total > balance;
  return (
    <Modal
      open
      variant="dialog"
      title={t('mall.confirmTitle', { name: item.name })}
      onClose={onClose}
      footer={
        done ? (
          <Button onClick={onClose}>{t('mall.close')}</Button>
        ) : (
          <>
            <Button variant="ghost" onClick={onClose}>
              {t('mall.cancel')}
            </Button>
            <Button
              loading={redeem.isPending}
              disabled={short || quantity < 1}
              onClick={() =>
                redeem.mutate(
                  { id: item.id, quantity, requestId: attempts.current.idFor(`${item.id}:${quantity}`) },
                  {
                    onSuccess: (record) => {
                      attempts.current.reset();
                      setDone(t('mall.done', { reference: record.referenceNo }));
                    },
                    onError: (error) => {
                      if (error instanceof ApiError && error.code !== 'NETWORK') attempts.current.reset();
                    },
                  },
                )
              }
            >
              {t('mall.confirm')}
            </Button>
          </>
        )
      }
    >
      {done ? (
        <p className="loyalty-done" role="status">
          {done}
        </p>
      ) : (
        <div className="redeem-dialog">
          <div className="quantity" role="group" aria-label={t('mall.quantity')}>
            <Button
              variant="secondary"
              size="sm"
              aria-label={t('mall.less')}
              disabled={quantity <= 1}
              onClick={() => setQuantity((value) => Math.max(1, value - 1))}
            >
              −
            </Button>
            <output className="quantity__value" aria-live="polite">
              {count(quantity)}
            </output>
            <Button
              variant="secondary"
              size="sm"
              aria-label={t('mall.more')}
              disabled={quantity >= most}
              onClick={() => setQuantity((value) => Math.min(most, value + 1))}
            >
              +
            </Button>
          </div>
          <p>{t('mall.total', { points: count(total), balance: count(balance) })}</p>
          {short ? (
            <p className="ui-field__error" role="alert">
              {t('errors.INSUFFICIENT_POINTS')}
            </p>
          ) : null}
          {redeem.isError ? (
            <p className="ui-field__error" role="alert">
              {errorText(redeem.error)}
            </p>
          ) : null}
        </div>
      )}
    </Modal>
  );
}

/** The mall's shelf: each item with its points, stock and limit; redeeming asks for the quantity first. */
export function MallGrid() {
  const { t } = useTranslation('loyalty');
  const count = useCountFormat();
  const errorText = useErrorText('loyalty', 'errors.generic');
  const items = useMallItems();
  const points = usePoints();
  const requireReal = useRequireRealAccount();
  const [chosen, setChosen] = useState<MallItem | null>(null);
  if (items.isError)
    return <ErrorState message={errorText(items.error)} onRetry={() => void items.refetch()} />;
  if (!items.data) return <Spinner label={t('mall.loading')} />;
  if (items.data.length === 0) return <Empty title={t('mall.empty')} hint={t('mall.emptyHint')} />;
  return (
    <>
      {points.data ? (
        <p className="mall-balance">
          {t('points.balance')}: <strong data-testid="mall-balance">{count(points.data.balance)}</strong>
        </p>
      ) : null}
      <ul className="mall-grid" aria-label={t('mall.items')}>
        {items.data.map((item) => (
          <ItemCard key={item.id} item={item} onRedeem={(next) => requireReal(() => setChosen(next))} />
        ))}
      </ul>
      {chosen ? (
        <RedeemDialog item={chosen} balance={points.data?.balance ?? 0} onClose={() => setChosen(null)} />
      ) : null}
    </>
  );
}
