import { Outlet } from 'react-router';
import { payPlacedOrder } from '../../features/checkout/checkout-store';
import { PayOrderContext } from '../../features/sims/pay-order';

/** The dashboard's pages, with SIM actions paid through checkout's payment pages (decision 175). */
export default function DashboardLayout() {
  return (
    <PayOrderContext.Provider value={payPlacedOrder}>
      <Outlet />
    </PayOrderContext.Provider>
  );
}
