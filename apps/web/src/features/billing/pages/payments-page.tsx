import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { Payment } from '@app/shared/contracts/payments';
import { formatMoney } from '../../../lib/use-format-money';
import { allPayments, usePayments } from '../api/billing-api';
import { MoneyList, type MoneyColumn } from '../components/money-list';
import { PaymentOutcomeBadge } from '../components/payment-outcome-badge';

const CSV = {
  name: 'payments',
  keys: ['id', 'date', 'description', 'gateway', 'method', 'type', 'amount', 'currency', 'outcome', 'paidOn'],
  load: allPayments,
  row: (p: Payment) => [p.id, p.createdAt, p.description, p.gateway, p.method, p.type, (p.amount / 100).toFixed(2), p.currency, p.outcome, p.paidAt ?? ''],
};

/** /dashboard/payment: every payment and refund (SPEC §3 Payment), filtered by date and type, paged, exportable. */
export default function PaymentsPage() {
  const intl = useIntl();
  const columns: MoneyColumn<Payment>[] = [
    { labelId: 'money.col.date', cell: (p) => <FormattedDate value={p.createdAt} dateStyle="medium" /> },
    {
      labelId: 'money.col.description',
      cell: (p) => (
        <>
          {p.description}
          <span className="money-table__id muted">{p.id.slice(0, 8)}</span>
        </>
      ),
    },
    {
      labelId: 'money.col.method',
      cell: (p) => (
        <>
          <FormattedMessage id={`payment.choice.${p.gateway}.${p.method}`} />
          {p.card ? <span className="muted"> ·••• {p.card.last4}</span> : null}
        </>
      ),
    },
    { labelId: 'money.col.type', cell: (p) => <FormattedMessage id={`money.type.${p.type}`} /> },
    { labelId: 'money.col.amount', numeric: true, cell: (p) => formatMoney(p.type === 'credit' ? -p.amount : p.amount, intl.locale, p.currency) },
    { labelId: 'money.col.status', cell: (p) => <PaymentOutcomeBadge outcome={p.outcome} /> },
    { labelId: 'money.col.paidOn', cell: (p) => (p.paidAt ? <FormattedDate value={p.paidAt} dateStyle="medium" /> : '—') },
  ];
  return (
    <MoneyList
      titleId="page.dashboard.payment.title"
      useList={usePayments}
      csv={CSV}
      empty={{
        testId: 'payments-empty',
        messageId: 'money.payments.empty',
        action: (
          <Link to="/plans" className="btn btn--primary">
            <FormattedMessage id="cart.browsePlans" />
          </Link>
        ),
      }}
      rowTestId="payment-row"
      columns={columns}
    />
  );
}
