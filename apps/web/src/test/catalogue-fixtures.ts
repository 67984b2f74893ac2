/** A small catalogue in the API's shapes (packages/shared/src/catalogue.ts). */
function plan(id: string, categoryId: string, name: string, simType: string, sortOrder = 0, isActive = true) {
  return {
    id,
    categoryId,
    // The slug of the English name, as the server sends it.
    slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    name,
    description: `${name} description`,
    isActive,
    simSource: { type: simType },
    dataMb: 3072,
    voiceMinutes: null,
    sms: 300,
    validityDays: 30,
    internationalMinutes: 100,
    unlimitedInternationalCalls: true,
    sortOrder,
  };
}

export const categoriesFixture = [
  {
    id: 'cat-paygo',
    slug: 'paygo',
    name: 'PayGo',
    description: 'Pay as you go.',
    sortOrder: 1,
    plans: [
      plan('plan-esim', 'cat-paygo', 'PayGo eSIM', 'esim', 0),
      plan('plan-sim', 'cat-paygo', 'PayGo SIM', 'sim_physical', 5),
      plan('plan-off', 'cat-paygo', 'Retired plan', 'sim_physical', 0, false),
    ],
  },
  { id: 'cat-unlimited', slug: 'unlimited', name: 'Unlimited', description: '', sortOrder: 2, plans: [plan('plan-u', 'cat-unlimited', 'Unlimited SIM', 'sim_physical')] },
];

export const pricesFixture = [
  { id: 'price-sim-30', planId: 'plan-sim', isActive: true, price: 300, periodDays: 30 },
  { id: 'price-sim-90', planId: 'plan-sim', isActive: true, price: 850, periodDays: 90 },
  { id: 'price-sim-old', planId: 'plan-sim', isActive: false, price: 100, periodDays: 30 },
  { id: 'price-esim-30', planId: 'plan-esim', isActive: true, price: 499, periodDays: 30 },
];

export const addOnsFixture = [
  { id: 'addon-voice', name: '100 Call Minutes', description: '', kind: 'voice', isActive: true, callMinutes: 100, sms: 0, bandwidth: 0, price: 300, allowedForPlans: ['plan-sim'] },
  { id: 'addon-data', name: '1 GB Data Boost', description: '', kind: 'data', isActive: true, callMinutes: 0, sms: 0, bandwidth: 1024, price: 500, allowedForPlans: ['plan-esim'] },
  { id: 'addon-other', name: 'Other plan only', description: '', kind: null, isActive: true, callMinutes: 0, sms: 50, bandwidth: 0, price: 100, allowedForPlans: ['plan-u'] },
];
