import { Route, Routes } from 'react-router';
import { DepositDetail } from './deposit-detail';
import { DepositQueue } from './deposit-queue';

/** Deposits: the queue by status at /admin/deposits, one deposit at /admin/deposits/<id>. */
export function DepositsPage() {
  return (
    <Routes>
      <Route index element={<DepositQueue />} />
      <Route path=":id" element={<DepositDetail />} />
    </Routes>
  );
}
