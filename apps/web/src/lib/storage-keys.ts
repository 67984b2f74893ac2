/** Every key the web app writes to browser storage (spec §9), in one place so logout can clear them. */
export const StorageKey = {
  token: 'token',
  cart: 'cart',
  /** Base64 of the JSON order in progress (written by checkout). */
  order: 'order',
  shippingInfo: 'shippingInfo',
  prices: 'prices',
  cards: 'cards',
  addOns: 'addOns',
  dashboard: 'dashboard',
  resellerCode: 'resellerCode',
  resellerCodeValid: 'resellerCodeValid',
  userLocale: 'user-locale',
  /** sessionStorage: the 'Stay signed in' choice, kept across the round trip to a social provider. */
  socialRemember: 'socialRemember',
  /** sessionStorage: the address waiting for its e-mailed code, so a reload returns to the code screen. */
  pendingVerification: 'pendingVerification',
  /** sessionStorage: the last /dashboard/add-sims run, line by line, for /assign-result (survives a reload). */
  assignReport: 'assignReport',
} as const;
export type StorageKey = (typeof StorageKey)[keyof typeof StorageKey];

/**
 * What logout removes (spec §4): the session and everything bought or cached for it. The language and
 * the reseller code stay: they belong to the browser, not to the account.
 */
export const SESSION_SCOPED_KEYS: readonly StorageKey[] = [
  StorageKey.token,
  StorageKey.order,
  StorageKey.cart,
  StorageKey.shippingInfo,
  StorageKey.prices,
  StorageKey.cards,
  StorageKey.addOns,
  StorageKey.dashboard,
  StorageKey.assignReport,
];
