import { Route, Routes } from 'react-router';
import { WithdrawalDetail } from './withdrawal-detail';
import { WithdrawalQueue } from './withdrawal-queue';

/** Withdrawals: the queue by status at /admin/withdrawals, one at /admin/withdrawals/<id>. */
export function WithdrawalsPage() {
  return (
    <Routes>
      <Route index element={<WithdrawalQueue />} />
      <Route path=":id" element={<WithdrawalDetail />} />
    </Routes>
  );
}
