import { randomUUID } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { SavedCardInfo } from '@app/shared/contracts/payments';
import { isCardExpired } from '@app/shared/rules/sandbox-card';
import { CardRefusedError, type PaymentGateway } from '../../adapters/payments/payment-gateway.js';
import type { PaymentGateways } from '../../adapters/payments/payment-gateways.js';
import type { Db } from '../../db/client.js';
import { subscribers } from '../../db/schema/accounts.js';
import { paymentMethods } from '../../db/schema/checkout.js';
import { appError } from '../../lib/errors.js';
import type { Logger } from '../../lib/logger.js';
import { findSubscriberById } from '../accounts/accounts.repository.js';
import * as repo from './checkout.repository.js';
import { toSavedCard } from './views.js';

export type AutoFlag = 'autoRenew' | 'autoExtend' | 'autoTopUp';
const FLAG_COLUMNS = {
  autoRenew: 'autoRenewPaymentMethodId',
  autoExtend: 'autoExtendPaymentMethodId',
  autoTopUp: 'autoTopUpPaymentMethodId',
} as const;

/**
 * Saved cards (GET/POST/DELETE /subscriber/payment_method) and the three auto flags. The browser
 * gives the gateway's component the card; we receive its token and keep only the gateway's
 * references and the display fields. Each flag points at one card (columns on the subscriber);
 * deleting the card clears its flags (foreign key ON DELETE SET NULL).
 */
export class CardsService {
  constructor(
    private readonly db: Db,
    private readonly gateways: PaymentGateways,
    private readonly log: Logger,
  ) {}

  async list(subscriberId: string): Promise<SavedCardInfo[]> {
    const s = await findSubscriberById(this.db, subscriberId);
    if (!s) throw appError('UNAUTHORIZED');
    const flags = { autoRenew: s.autoRenewPaymentMethodId, autoExtend: s.autoExtendPaymentMethodId, autoTopUp: s.autoTopUpPaymentMethodId };
    return (await repo.listCards(this.db, subscriberId)).map((c) => toSavedCard(c, flags));
  }

  private vaultGateway(id: string | undefined): PaymentGateway & { cards: NonNullable<PaymentGateway['cards']> } {
    const g = id ? this.gateways.get(id) : this.gateways.enabled().find((x) => x.cards);
    if (!g) throw appError('PAYMENT_OPTION_NOT_AVAILABLE');
    if (!g.cards) throw appError('PAYMENT_METHOD_NOT_SUPPORTED');
    return g as PaymentGateway & { cards: NonNullable<PaymentGateway['cards']> };
  }

  async add(subscriberId: string, input: { cardToken: string; gateway?: string | undefined; nameOnCard?: string | undefined; makeDefault?: boolean | undefined }) {
    const gateway = this.vaultGateway(input.gateway);
    const s = await findSubscriberById(this.db, subscriberId);
    if (!s) throw appError('UNAUTHORIZED');
    const [known] = await this.db
      .select({ customerRef: paymentMethods.customerRef })
      .from(paymentMethods)
      .where(and(eq(paymentMethods.subscriberId, subscriberId), eq(paymentMethods.gateway, gateway.id)))
      .limit(1);
    let saved;
    try {
      saved = await gateway.cards.save({ token: input.cardToken, email: s.email, customerRef: known?.customerRef, idempotencyKey: randomUUID() });
    } catch (e) {
      if (e instanceof CardRefusedError) {
        throw appError(e.failureCode === 'expired_card' ? 'CARD_EXPIRED' : 'PAYMENT_DECLINED', { reason: e.failureCode });
      }
      this.log.warn({ gateway: gateway.id, reason: (e as Error).message }, 'card vault did not answer');
      throw appError('GATEWAY_UNAVAILABLE');
    }
    if (isCardExpired(saved.expMonth, saved.expYear)) throw appError('CARD_EXPIRED', { reason: 'expired_card' });
    const id = await this.db.transaction(async (tx) => {
      // Serialises two adds by one subscriber, so exactly one card ends up default.
      await findSubscriberById(tx, subscriberId, { lock: true });
      const existing = await repo.listCards(tx, subscriberId);
      const same = existing.find((c) => c.gateway === gateway.id && c.methodRef === saved.methodRef);
      if (same) return same.id;
      const makeDefault = input.makeDefault === true || existing.length === 0;
      if (makeDefault) await tx.update(paymentMethods).set({ isDefault: false }).where(eq(paymentMethods.subscriberId, subscriberId));
      const row = await repo.insertCard(tx, {
        subscriberId,
        gateway: gateway.id,
        ...saved,
        nameOnCard: input.nameOnCard || null,
        isDefault: makeDefault,
      });
      if (!row) throw appError('CONFLICT');
      return row.id;
    });
    const card = (await this.list(subscriberId)).find((c) => c.id === id);
    if (!card) throw appError('PAYMENT_METHOD_NOT_FOUND');
    return card;
  }

  async remove(subscriberId: string, id: string): Promise<void> {
    const card = await repo.findCard(this.db, subscriberId, id);
    if (!card) throw appError('PAYMENT_METHOD_NOT_FOUND');
    const gateway = this.gateways.get(card.gateway);
    try {
      await gateway?.cards?.remove({ customerRef: card.customerRef, methodRef: card.methodRef });
    } catch (e) {
      // Forgetting it here matters more than detaching it there: we can no longer charge it either way.
      this.log.warn({ gateway: card.gateway, reason: (e as Error).message }, 'card not detached at the gateway');
    }
    await this.db.transaction(async (tx) => {
      await tx.delete(paymentMethods).where(and(eq(paymentMethods.id, id), eq(paymentMethods.subscriberId, subscriberId)));
      if (card.isDefault) {
        const [next] = await tx
          .select({ id: paymentMethods.id })
          .from(paymentMethods)
          .where(and(eq(paymentMethods.subscriberId, subscriberId), ne(paymentMethods.id, id)))
          .orderBy(paymentMethods.createdAt)
          .limit(1);
        if (next) await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, next.id));
      }
    });
  }

  async setDefault(subscriberId: string, id: string): Promise<SavedCardInfo> {
    await this.db.transaction(async (tx) => {
      const card = await repo.findCard(tx, subscriberId, id);
      if (!card) throw appError('PAYMENT_METHOD_NOT_FOUND');
      await tx.update(paymentMethods).set({ isDefault: false }).where(eq(paymentMethods.subscriberId, subscriberId));
      await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, id));
    });
    const card = (await this.list(subscriberId)).find((c) => c.id === id);
    if (!card) throw appError('PAYMENT_METHOD_NOT_FOUND');
    return card;
  }

  /** Turns a flag on for one card (moving it from another) or off; an expired card cannot take a flag. */
  async setFlag(subscriberId: string, flag: AutoFlag, paymentMethodId: string, enable: boolean): Promise<SavedCardInfo[]> {
    const card = await repo.findCard(this.db, subscriberId, paymentMethodId);
    if (!card) throw appError('PAYMENT_METHOD_NOT_FOUND');
    const column = FLAG_COLUMNS[flag];
    if (enable) {
      if (isCardExpired(card.expMonth, card.expYear)) throw appError('CARD_EXPIRED');
      await this.db.update(subscribers).set({ [column]: card.id }).where(eq(subscribers.id, subscriberId));
    } else {
      await this.db
        .update(subscribers)
        .set({ [column]: null })
        .where(and(eq(subscribers.id, subscriberId), eq(subscribers[column], card.id)));
    }
    return this.list(subscriberId);
  }
}
