import { FormattedDate, FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import type { BalanceTransaction } from '@app/shared/contracts/payments';
import { useFormatMoney } from '../../../lib/use-format-money';
import { allTransactions, useTransactions } from '../api/billing-api';
import { MoneyList, type MoneyColumn } from '../components/money-list';

const signed = (t: BalanceTransaction) => (t.type === 'debit' ? -t.amount : t.amount);

const CSV = {
  name: 'transactions',
  keys: ['id', 'date', 'description', 'reason', 'type', 'amount', 'balanceAfter'],
  load: allTransactions,
  row: (t: BalanceTransaction) => [t.id, t.createdAt, t.description, t.reason, t.type, (signed(t) / 100).toFixed(2), (t.balanceAfter / 100).toFixed(2)],
};

/** /dashboard/transaction: the balance's movements (top-ups, payments from it, credits, refunds, reversals). */
export default function TransactionsPage() {
  const money = useFormatMoney();
  const columns: MoneyColumn<BalanceTransaction>[] = [
    { labelId: 'money.col.date', cell: (t) => <FormattedDate value={t.createdAt} dateStyle="medium" /> },
    { labelId: 'money.col.description', cell: (t) => t.description },
    { labelId: 'money.col.reason', cell: (t) => <FormattedMessage id={`money.reason.${t.reason}`} /> },
    { labelId: 'money.col.amount', numeric: true, cellClass: (t) => (t.type === 'credit' ? 'money-credit' : 'money-debit'), cell: (t) => money(signed(t)) },
    { labelId: 'money.col.balanceAfter', numeric: true, cell: (t) => money(t.balanceAfter) },
  ];
  return (
    <MoneyList
      titleId="page.dashboard.transaction.title"
      lead={(data) =>
        data ? <FormattedMessage id="money.balanceNow" values={{ amount: <strong key="balance" data-testid="balance">{money(data.balance)}</strong> }} /> : undefined
      }
      useList={useTransactions}
      csv={CSV}
      empty={{
        testId: 'transactions-empty',
        messageId: 'money.transactions.empty',
        action: (
          <Link to="/affiliate-program" className="btn btn--primary">
            <FormattedMessage id="money.transactions.earn" />
          </Link>
        ),
      }}
      rowTestId="transaction-row"
      columns={columns}
    />
  );
}
