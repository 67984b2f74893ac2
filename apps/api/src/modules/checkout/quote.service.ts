import type { Quote, QuoteRequest } from '@app/shared/contracts/checkout';
import type { ShippingRate } from '@app/shared/contracts/catalogue';
import type { CartItem } from '@app/shared/contracts/cart';
import { basisPoints, priceCart, pricingCatalogue, type CartQuote } from '@app/shared/rules/pricing';
import { appError, fieldError } from '../../lib/errors.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { RatesService } from '../rates/rates.service.js';

export interface PricingSettings {
  simCardPrice: number;
  taxRateBps: number;
  surchargeBps: number;
  currency: string;
}

export const HOME_COUNTRY = 'US';

/**
 * The server's quotes: the shared `priceCart()` over the current catalogue snapshot and shipping
 * options. The cart dialog runs the same function to display; only this answer is charged.
 *
 * Shipping: physical SIMs need a destination with a shipper ('No available shipper' otherwise);
 * the cheapest option is priced unless one is chosen. Asking for a destination outside the US
 * without any physical SIM in the order is refused ('You must have at least one SIM shipped
 * outside US'): there is nothing to ship there (see docs/decisions/121-*.md).
 */
export class QuoteService {
  constructor(
    private readonly catalogue: CatalogueService,
    private readonly rates: RatesService,
    private readonly settings: PricingSettings,
    /** Unsold SIMs at the carrier: plan lines past them are quoted `sold_out` (decision 230). */
    private readonly stock?: () => Promise<Record<'physical' | 'esim', number>>,
  ) {}

  get currency(): string {
    return this.settings.currency;
  }

  /**
   * `withStock`: the quote shown at checkout marks plan lines the SIM stock cannot cover `sold_out`.
   * A purchase prices without it, so a resent request still finds its order and the stock check in the
   * order's transaction (OrdersService.checkStock) is the one that decides.
   */
  async quoteCart(req: QuoteRequest, opts: { withStock?: boolean } = {}): Promise<{ quote: Quote; priced: CartQuote }> {
    const cat = await this.catalogue.snapshot();
    const pc = pricingCatalogue(cat.plans.values(), cat.prices, cat.addOns);
    const base = { simCardPrice: this.settings.simCardPrice, taxRateBps: this.settings.taxRateBps, surchargeBps: this.settings.surchargeBps };
    const items = req.items as CartItem[];
    // A sold-out line keeps its figures, so the draft's SIM counts do not depend on stock.
    const draft = priceCart(items, pc, base);
    // Advisory: a quote the carrier cannot answer for is priced without stock (placing the order checks it).
    const stock = opts.withStock && draft.esims + draft.physicalSims > 0 ? await this.stock?.().catch(() => undefined) : undefined;
    const { options, chosen } = await this.shippingFor(draft.physicalSims > 0, req.shippingCountry, req.shippingRateId);
    const priced = priceCart(items, pc, { ...base, stock, shipping: chosen ? { id: chosen.id, price: chosen.price } : null });
    return { quote: this.toQuote(priced, options, chosen), priced };
  }

  /** Add-ons for an existing SIM on `simPlanId`: each must be on sale and allowed for that plan. */
  async quoteAddOnsForSim(simId: string, simPlanId: string | null, items: { addonId: string; quantity: number }[]): Promise<Quote> {
    if (!simPlanId) throw appError('SIM_HAS_NO_ACTIVE_PLAN');
    const cat = await this.catalogue.snapshot();
    const plan = cat.plans.get(simPlanId);
    const cartItems: CartItem[] = items.map((i) => ({
      _type: 'addon',
      quantity: i.quantity,
      addonId: i.addonId,
      planId: simPlanId,
      categoryId: plan?.categoryId ?? simPlanId,
    }));
    const pc = pricingCatalogue(cat.plans.values(), cat.prices, cat.addOns);
    const priced = priceCart(cartItems, pc, { simCardPrice: this.settings.simCardPrice, taxRateBps: this.settings.taxRateBps, surchargeBps: this.settings.surchargeBps });
    const quote = this.toQuote(priced, [], null);
    return { ...quote, lines: quote.lines.map((l) => ({ ...l, simId })) };
  }

  /** Blank physical SIM cards (SIM variant): the card price each, shipping, tax on the cards. */
  async quoteSimCards(quantity: number, country: string | undefined, rateId: string | undefined): Promise<Quote> {
    const { options, chosen } = await this.shippingFor(true, country, rateId);
    const unit = this.settings.simCardPrice;
    const simCards = unit * quantity;
    const shipping = chosen?.price ?? 0;
    const tax = basisPoints(simCards, this.settings.taxRateBps);
    return {
      lines: [
        {
          key: 'sim_card',
          type: 'sim_card',
          name: 'SIM card',
          planId: null,
          priceId: null,
          addonId: null,
          simId: null,
          sim: 'physical',
          periodDays: null,
          unitPrice: unit,
          quantity,
          total: simCards,
        },
      ],
      subtotal: 0,
      physicalSims: quantity,
      esims: 0,
      simCardPrice: unit,
      simCards,
      needsShipping: true,
      shippingOptions: options,
      shippingRate: chosen,
      shipping,
      taxRateBps: this.settings.taxRateBps,
      tax,
      surchargeBps: this.settings.surchargeBps,
      surcharge: 0,
      total: simCards + shipping + tax,
      currency: this.settings.currency,
      sellable: true,
    };
  }

  /** Shipping options and the chosen one for an order that ships (or nothing when it does not). */
  async shippingFor(ships: boolean, country: string | undefined, rateId: string | undefined) {
    if (!ships) {
      if (country && country !== HOME_COUNTRY) throw appError('SIM_MUST_SHIP_OUTSIDE_US');
      return { options: [] as ShippingRate[], chosen: null };
    }
    const snap = await this.rates.snapshot();
    const destination = country ?? HOME_COUNTRY;
    const options = snap.shippingByCountry.get(destination);
    if (!options?.length) throw appError('NO_AVAILABLE_SHIPPER');
    let chosen: ShippingRate | undefined;
    if (rateId) {
      chosen = options.find((o) => o.id === rateId);
      if (!chosen) throw fieldError('shippingRateId', 'This delivery option is not available for the destination');
    } else {
      chosen = options.reduce((a, b) => (b.price < a.price ? b : a));
    }
    return { options, chosen };
  }

  private toQuote(p: CartQuote, options: ShippingRate[], chosen: ShippingRate | null): Quote {
    return {
      lines: p.lines.map((l) => ({
        key: l.key,
        type: l.kind,
        name: l.name ?? '',
        planId: l.item._type === 'plan' ? l.item.planId : (l.item.planId ?? null),
        priceId: l.item._type === 'plan' ? l.item.priceId : null,
        addonId: l.item._type === 'addon' ? l.item.addonId : null,
        simId: null,
        sim: l.sim,
        periodDays: l.periodDays,
        unitPrice: l.unitPrice,
        quantity: l.quantity,
        total: l.total,
        ...(l.problem ? { problem: l.problem } : {}),
      })),
      subtotal: p.subtotal,
      physicalSims: p.physicalSims,
      esims: p.esims,
      simCardPrice: p.simCardPrice,
      simCards: p.simCards,
      needsShipping: p.needsShipping,
      shippingOptions: options,
      shippingRate: chosen,
      shipping: p.shipping ?? 0,
      taxRateBps: p.taxRateBps,
      tax: p.tax,
      surchargeBps: p.surchargeBps,
      surcharge: p.surcharge,
      total: p.total ?? 0,
      currency: this.settings.currency,
      sellable: p.sellable,
    };
  }
}
