import type { GatewayIdValue, PaymentMethodKindValue } from '@app/shared/contracts/payments';

/** One choice on /select-payment: a gateway and the way of paying it offers. */
export interface PaymentChoice {
  gateway: GatewayIdValue;
  method: PaymentMethodKindValue;
}

export const choiceKey = (c: PaymentChoice) => `${c.gateway}:${c.method}`;
export const choiceLabelId = (c: PaymentChoice) => `payment.choice.${c.gateway}.${c.method}`;
export const choiceHintId = (c: PaymentChoice) => `payment.choiceHint.${c.gateway}.${c.method}`;
