import type { MoneyListQuery } from '@app/shared/contracts/payments';
import type { Db } from '../../db/client.js';
import { appError } from '../../lib/errors.js';
import { findSubscriberById } from '../accounts/accounts.repository.js';
import * as repo from './checkout.repository.js';
import { toBalanceTransaction, toPayment } from './views.js';

/** The subscriber's statements: payments (debits and refunds) and balance transactions. */
export class MoneyService {
  constructor(private readonly db: Db) {}

  async payments(subscriberId: string, q: MoneyListQuery) {
    const { total, rows } = await repo.listPayments(this.db, subscriberId, q);
    const orderIds = [...new Set(rows.map((r) => r.orderId))];
    const orders = new Map<string, repo.OrderRow>();
    for (const id of orderIds) {
      const o = await repo.findOrder(this.db, id);
      if (o) orders.set(id, o);
    }
    const invoices = await repo.invoiceIdsFor(this.db, orderIds);
    return {
      total,
      page: q.page,
      pageSize: q.pageSize,
      data: rows.flatMap((p) => {
        const o = orders.get(p.orderId);
        return o ? [toPayment(p, o, invoices.get(o.id) ?? null)] : [];
      }),
    };
  }

  async balanceTransactions(subscriberId: string, q: MoneyListQuery) {
    const s = await findSubscriberById(this.db, subscriberId);
    if (!s) throw appError('UNAUTHORIZED');
    const { total, rows } = await repo.listBalanceTransactions(this.db, subscriberId, q);
    return { total, page: q.page, pageSize: q.pageSize, balance: s.balance, data: rows.map(toBalanceTransaction) };
  }
}
