import type { ChargeResult, PaymentGateway, RefundResult } from '../payment-gateway.js';

/**
 * Paying from the account balance. There is no outside party: the checkout service debits the
 * balance in the same transaction that marks the order paid (and credits it back on refund), so
 * this adapter only lists the option; its money calls are never made and say so if they are.
 */
export class BalanceGateway implements PaymentGateway {
  readonly id = 'balance' as const;
  readonly methods = ['balance'] as const;

  publicSettings(): Record<string, string> {
    return {};
  }

  browserOrigins() {
    return { script: [], connect: [], frame: [], img: [] };
  }

  private inTransactionOnly(): never {
    throw new Error('balance payments are taken in the order transaction (PaymentService), never through the adapter');
  }

  charge(): Promise<ChargeResult> {
    this.inTransactionOnly();
  }
  complete(): Promise<ChargeResult> {
    this.inTransactionOnly();
  }
  retrieve(): Promise<ChargeResult> {
    this.inTransactionOnly();
  }
  async findCharge(): Promise<ChargeResult | undefined> {
    return undefined;
  }
  cancel(): Promise<ChargeResult> {
    this.inTransactionOnly();
  }
  refund(): Promise<RefundResult> {
    this.inTransactionOnly();
  }
}
