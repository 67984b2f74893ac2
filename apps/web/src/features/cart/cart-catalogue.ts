import type { AddOn, Plan } from '@app/shared/contracts/catalogue';
import type { PricingCatalogue } from '@app/shared/rules/pricing';

/**
 * What the cart needs to know about the catalogue: the lookups `priceCart()` prices with, plus the
 * names and allowances the lines show. The cart feature does not fetch the catalogue itself (features
 * do not import each other); `app/` builds this from the catalogue feature's queries and hands it in.
 */
export interface CartCatalogue extends PricingCatalogue {
  plans: ReadonlyMap<string, Plan>;
  addOns: ReadonlyMap<string, AddOn>;
  /** Category names by id, for a plan line's "PayGo · Physical SIM · 30 days". */
  categoryNames: ReadonlyMap<string, string>;
}

export interface CartCatalogueState {
  catalogue: CartCatalogue;
  /** Still loading: show a skeleton, not prices. */
  pending: boolean;
  /**
   * A lookup failed. That says nothing about what is still sold: without this flag a network error
   * marked every line 'no longer sold' and asked the customer to delete their cart.
   */
  failed: boolean;
  retry: () => void;
}
