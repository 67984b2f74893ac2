import type { LineType } from '@app/shared/contracts/checkout';
import type { OrderKind } from '@app/shared/contracts/orders';
import type { Executor } from '../../db/executor.js';
import { AppError } from '../../lib/errors.js';

/**
 * What happens after an order is paid, by line type. Checkout owns quote → order → payment; the
 * feature that knows what a line means (new SIMs, add-ons, renewals, plan changes, top-ups,
 * recoveries, SIM reorders) registers an `OrderFulfiller` for its line types in the composition
 * root. When an order becomes paid, the fulfilment job (queued in the transaction that marked it
 * paid) calls the fulfiller of each unfulfilled line, then marks the line fulfilled. A fulfiller
 * must be idempotent by line id: the job may run again after a crash or a retry.
 */

/**
 * The `reason` of the error a fulfiller throws when the carrier has no SIM card or eSIM profile left
 * for a line: the fulfilment job tells the customer once that the order waits for stock (decision 235)
 * and is retried, then resumed by the sweep when stock is back (decision 232).
 */
export const OUT_OF_STOCK = 'out_of_stock';

export function isOutOfStock(e: unknown): boolean {
  return e instanceof AppError && e.reason === OUT_OF_STOCK;
}

export interface FulfilmentOrder {
  id: string;
  number: string;
  kind: OrderKind;
  subscriberId: string;
  email: string;
  /** Physical SIMs go to this address (null when nothing ships). */
  shippingAddress: Record<string, unknown> | null;
}

export interface FulfilmentLine {
  id: string;
  type: LineType;
  name: string;
  planId: string | null;
  priceId: string | null;
  addonId: string | null;
  simId: string | null;
  sim: 'physical' | 'esim' | null;
  periodDays: number | null;
  quantity: number;
  unitPrice: number;
  total: number;
  details: Record<string, unknown> | null;
  /** Whether the line was fulfilled already (refund decisions). */
  fulfilled?: boolean | undefined;
}

export interface FulfilmentResult {
  /**
   * 'done': the line is fulfilled (marked with its time). 'waiting': something outside must happen
   * first (a physical SIM to ship: the operator's `orders ship` completes it).
   */
  status: 'done' | 'waiting';
}

export interface OrderFulfiller {
  readonly lineTypes: readonly LineType[];
  /**
   * Fulfils one line of a paid order. Runs in a job (retried on throw). `exec` is an open transaction
   * in which the line will be marked fulfilled: write your records through it so both commit together.
   */
  fulfil(order: FulfilmentOrder, line: FulfilmentLine, exec: Executor, prepared?: unknown): Promise<FulfilmentResult>;
  /**
   * Optional: takes from a third party what the line needs (the carrier's SIMs) before the line's
   * transaction opens, since none is called inside one (decision 234); what it answers is handed to
   * `fulfil` as `prepared`. Idempotent by line: a retry takes the same things again. `lines` are all
   * the order's lines. Throws like `fulfil` (an OUT_OF_STOCK reason when the carrier has none left).
   */
  prepare?(order: FulfilmentOrder, line: FulfilmentLine, lines: readonly FulfilmentLine[]): Promise<unknown>;
  /**
   * Whether the line may still be refunded (SPEC §1: only while the SIM is not activated). Lines
   * without a fulfiller, or whose fulfiller omits this, are refundable until the order ships.
   */
  refundable?(order: FulfilmentOrder, line: FulfilmentLine, exec: Executor): Promise<boolean>;
}

/** The registry the composition root fills; the checkout service and the fulfilment job read it. */
export class OrderFulfillers {
  private readonly byType = new Map<LineType, OrderFulfiller>();

  register(fulfiller: OrderFulfiller): void {
    for (const t of fulfiller.lineTypes) {
      if (this.byType.has(t)) throw new Error(`a fulfiller for ${t} lines is already registered`);
      this.byType.set(t, fulfiller);
    }
  }

  /** Every line type some fulfiller handles. */
  types(): LineType[] {
    return [...this.byType.keys()];
  }

  for(type: LineType): OrderFulfiller | undefined {
    return this.byType.get(type);
  }
}
