/**
 * The demo catalogue. Written so the marketing claims of the site are true of the data: PayGo from
 * $3 a month, free calls to the US, unlimited calls to 60+ destinations on the plans that say so,
 * 100 international minutes on many plans. Each plan template is sold as a physical SIM and as an
 * eSIM (two plan rows), because the shop lists and prices them separately.
 *
 * Codes are the natural keys the seed uses with ON CONFLICT DO NOTHING; never change a published one.
 */

export const GB = 1024;

export type SimVariant = 'sim' | 'esim';

/** Stored in plans.sim_source_type; the `sim_` prefix is what marks a physical card. */
export const SIM_SOURCE_TYPES: Record<SimVariant, string> = {
  sim: 'sim_physical',
  esim: 'esim',
};

export interface PriceDef {
  periodDays: number;
  /** Cents for one period. */
  price: number;
  isActive?: boolean;
}

export interface PlanDef {
  key: string;
  name: string;
  description: string;
  /** MB per validity period; null = unlimited. */
  dataMb: number | null;
  voiceMinutes: number | null;
  sms: number | null;
  validityDays: number;
  internationalMinutes: number;
  unlimitedInternationalCalls: boolean;
  prices: PriceDef[];
  isActive?: boolean;
  /** Defaults to both. */
  variants?: SimVariant[];
}

export interface CategoryDef {
  slug: string;
  name: string;
  description: string;
  sortOrder: number;
  plans: PlanDef[];
}

const VARIANT_COPY: Record<SimVariant, { suffix: string; sentence: string }> = {
  sim: {
    suffix: 'SIM',
    sentence: 'Ships as a triple-cut physical SIM card that fits any unlocked phone.',
  },
  esim: {
    suffix: 'eSIM',
    sentence: 'Delivered as an eSIM you install from a QR code in minutes, with nothing to wait for in the mail.',
  },
};

export function planCode(category: CategoryDef, plan: PlanDef, variant: SimVariant): string {
  return `${category.slug}-${plan.key}-${variant}`;
}

export function planName(plan: PlanDef, variant: SimVariant): string {
  return `${plan.name} ${VARIANT_COPY[variant].suffix}`;
}

export function planDescription(plan: PlanDef, variant: SimVariant): string {
  return `${plan.description} ${VARIANT_COPY[variant].sentence}`;
}

export const CATEGORIES: CategoryDef[] = [
  {
    slug: 'paygo',
    name: 'PayGo',
    sortOrder: 10,
    description:
      'Pay as you go from just $3 a month. No contract, no activation fee and no credit check: pick the allowance that fits, add minutes, texts or data whenever you need them, and keep your number for as long as you like.',
    plans: [
      {
        key: 'starter',
        name: 'PayGo Starter',
        description:
          'Our lightest plan, ideal for a backup phone or an occasional caller: 100 minutes, 100 texts and 500 MB of 4G/5G data every month, with calls to any US number included.',
        dataMb: 500,
        voiceMinutes: 100,
        sms: 100,
        validityDays: 30,
        internationalMinutes: 0,
        unlimitedInternationalCalls: false,
        prices: [
          { periodDays: 30, price: 300 },
          { periodDays: 90, price: 850 },
          { periodDays: 180, price: 1600 },
          // The yearly price was withdrawn; the row stays so existing orders keep their reference.
          { periodDays: 365, price: 3000, isActive: false },
        ],
      },
      {
        key: 'plus',
        name: 'PayGo Plus',
        description:
          'For people who text more than they call: 300 minutes, 300 texts and 2 GB of data each month. Run low and a top-up from your dashboard is live in seconds.',
        dataMb: 2 * GB,
        voiceMinutes: 300,
        sms: 300,
        validityDays: 30,
        internationalMinutes: 0,
        unlimitedInternationalCalls: false,
        prices: [
          { periodDays: 30, price: 500 },
          { periodDays: 90, price: 1400 },
          { periodDays: 180, price: 2700 },
        ],
      },
      {
        key: 'max',
        name: 'PayGo Max',
        description:
          'The most generous pay-as-you-go allowance: 1,000 minutes, unlimited texts, 5 GB of data and 100 minutes to over 80 international destinations, still with no contract.',
        dataMb: 5 * GB,
        voiceMinutes: 1000,
        sms: null,
        validityDays: 30,
        internationalMinutes: 100,
        unlimitedInternationalCalls: false,
        prices: [
          { periodDays: 30, price: 1000 },
          { periodDays: 90, price: 2850 },
          { periodDays: 180, price: 5400 },
        ],
      },
    ],
  },
  {
    slug: 'tourist',
    name: 'Tourist',
    sortOrder: 20,
    description:
      'Visiting the United States? Land with a US number already in your pocket: unlimited talk and text across the US, fast 4G/5G data for maps and rides, and international minutes to call home. Choose a SIM card shipped before your trip or an eSIM that works the moment you arrive.',
    plans: [
      {
        key: '7-days',
        name: 'Tourist 7 Days',
        description:
          'A week of unlimited US talk and text with 5 GB of data and 30 minutes to call home, for short city breaks and business trips.',
        dataMb: 5 * GB,
        voiceMinutes: null,
        sms: null,
        validityDays: 7,
        internationalMinutes: 30,
        unlimitedInternationalCalls: false,
        prices: [{ periodDays: 7, price: 1500 }],
      },
      {
        key: '15-days',
        name: 'Tourist 15 Days',
        description:
          'Two weeks of unlimited US talk and text, 10 GB of data and 60 international minutes: enough for a road trip from coast to coast.',
        dataMb: 10 * GB,
        voiceMinutes: null,
        sms: null,
        validityDays: 15,
        internationalMinutes: 60,
        unlimitedInternationalCalls: false,
        prices: [{ periodDays: 15, price: 2500 }],
      },
      {
        key: '30-days',
        name: 'Tourist 30 Days',
        description:
          'A full month with unlimited US talk and text, 20 GB of data, 100 international minutes and unlimited calls to 60+ countries, so family back home is always one call away.',
        dataMb: 20 * GB,
        voiceMinutes: null,
        sms: null,
        validityDays: 30,
        internationalMinutes: 100,
        unlimitedInternationalCalls: true,
        prices: [{ periodDays: 30, price: 3500 }],
      },
    ],
  },
  {
    slug: 'value',
    name: 'Value',
    sortOrder: 30,
    description:
      'Everyday plans with unlimited talk and text across the US and a data allowance that fits how you use your phone. Pay month by month, or buy three or six months at once and save.',
    plans: [
      {
        key: '2gb',
        name: 'Value 2GB',
        description: 'Unlimited US talk and text with 2 GB of 4G/5G data each month: the sensible choice for Wi-Fi-first households.',
        dataMb: 2 * GB,
        voiceMinutes: null,
        sms: null,
        validityDays: 30,
        internationalMinutes: 0,
        unlimitedInternationalCalls: false,
        prices: [
          { periodDays: 30, price: 1000 },
          { periodDays: 90, price: 2700 },
          { periodDays: 180, price: 5100 },
        ],
      },
      {
        key: '6gb',
        name: 'Value 6GB',
        description: 'Unlimited US talk and text with 6 GB of data for streaming music, video calls and social media on the go.',
        dataMb: 6 * GB,
        voiceMinutes: null,
        sms: null,
        validityDays: 30,
        internationalMinutes: 0,
        unlimitedInternationalCalls: false,
        prices: [
          { periodDays: 30, price: 1500 },
          { periodDays: 90, price: 4200 },
          { periodDays: 180, price: 8100 },
        ],
      },
      {
        key: '15gb',
        name: 'Value 15GB',
        description:
          'Our biggest Value allowance: unlimited US talk and text, 15 GB of data and 100 minutes to over 80 international destinations every month.',
        dataMb: 15 * GB,
        voiceMinutes: null,
        sms: null,
        validityDays: 30,
        internationalMinutes: 100,
        unlimitedInternationalCalls: false,
        prices: [
          { periodDays: 30, price: 2000 },
          { periodDays: 90, price: 5700 },
          { periodDays: 180, price: 10800 },
        ],
      },
      {
        // Retired plan kept for subscribers who still renew it; the shop must not offer it.
        key: '1gb',
        name: 'Value 1GB',
        description: 'Unlimited US talk and text with 1 GB of data. This plan is no longer available to new customers.',
        dataMb: 1 * GB,
        voiceMinutes: null,
        sms: null,
        validityDays: 30,
        internationalMinutes: 0,
        unlimitedInternationalCalls: false,
        prices: [{ periodDays: 30, price: 800 }],
        isActive: false,
        variants: ['sim'],
      },
    ],
  },
  {
    slug: 'immigrant',
    name: 'Immigrant',
    sortOrder: 40,
    description:
      'Made for families who live in the US and call abroad every day: unlimited talk and text at home, unlimited calls to 60+ countries and 100 minutes to over 80 international destinations, plus data for messaging apps and video calls.',
    plans: [
      {
        key: 'lite',
        name: 'Immigrant Lite',
        description:
          'A budget plan for staying in touch: 500 minutes, 500 texts, 1 GB of data and 50 international minutes every month.',
        dataMb: 1 * GB,
        voiceMinutes: 500,
        sms: 500,
        validityDays: 30,
        internationalMinutes: 50,
        unlimitedInternationalCalls: false,
        prices: [
          { periodDays: 30, price: 800 },
          { periodDays: 90, price: 2250 },
        ],
      },
      {
        key: 'connect',
        name: 'Immigrant Connect',
        description:
          'Unlimited US talk and text, 3 GB of data, unlimited calls to 60+ countries and 100 minutes to over 80 more destinations.',
        dataMb: 3 * GB,
        voiceMinutes: null,
        sms: null,
        validityDays: 30,
        internationalMinutes: 100,
        unlimitedInternationalCalls: true,
        prices: [
          { periodDays: 30, price: 1500 },
          { periodDays: 90, price: 4200 },
          { periodDays: 180, price: 8100 },
        ],
      },
      {
        key: 'family',
        name: 'Immigrant Family',
        description:
          'For the family organiser: unlimited US talk and text, 10 GB of data, unlimited calls to 60+ countries and 300 international minutes to over 80 destinations.',
        dataMb: 10 * GB,
        voiceMinutes: null,
        sms: null,
        validityDays: 30,
        internationalMinutes: 300,
        unlimitedInternationalCalls: true,
        prices: [
          { periodDays: 30, price: 2500 },
          { periodDays: 90, price: 7000 },
          { periodDays: 180, price: 13500 },
        ],
      },
    ],
  },
  {
    slug: 'traveler',
    name: 'Traveler',
    sortOrder: 50,
    description:
      'For long stays, seasonal work and road trips: one payment covers 30, 60 or 90 days of unlimited US talk and text, plenty of data and unlimited calls to 60+ countries.',
    plans: [
      {
        key: '30-days',
        name: 'Traveler 30 Days',
        description: 'Thirty days of unlimited US talk and text with 15 GB of data and 100 international minutes.',
        dataMb: 15 * GB,
        voiceMinutes: null,
        sms: null,
        validityDays: 30,
        internationalMinutes: 100,
        unlimitedInternationalCalls: true,
        prices: [{ periodDays: 30, price: 3000 }],
      },
      {
        key: '60-days',
        name: 'Traveler 60 Days',
        description: 'Two months of unlimited US talk and text with 30 GB of data and 200 international minutes, paid once.',
        dataMb: 30 * GB,
        voiceMinutes: null,
        sms: null,
        validityDays: 60,
        internationalMinutes: 200,
        unlimitedInternationalCalls: true,
        prices: [{ periodDays: 60, price: 5500 }],
      },
      {
        key: '90-days',
        name: 'Traveler 90 Days',
        description: 'A whole season covered: 90 days of unlimited US talk and text, 50 GB of data and 300 international minutes.',
        dataMb: 50 * GB,
        voiceMinutes: null,
        sms: null,
        validityDays: 90,
        internationalMinutes: 300,
        unlimitedInternationalCalls: true,
        prices: [{ periodDays: 90, price: 7500 }],
      },
    ],
  },
  {
    slug: 'roaming',
    name: 'Roaming',
    sortOrder: 60,
    description:
      'Keep your US number when you leave the country. Roaming plans add talk, text and data in Canada and Mexico, or data in more than 100 countries worldwide, on top of unlimited talk and text at home.',
    plans: [
      {
        key: 'north-america',
        name: 'Roaming North America',
        description:
          'Use your plan in the US, Canada and Mexico as if you were at home: unlimited talk and text, 8 GB of data to share across all three countries and 100 international minutes.',
        dataMb: 8 * GB,
        voiceMinutes: null,
        sms: null,
        validityDays: 30,
        internationalMinutes: 100,
        unlimitedInternationalCalls: false,
        prices: [
          { periodDays: 30, price: 2500 },
          { periodDays: 90, price: 7000 },
        ],
      },
      {
        key: 'global-15-days',
        name: 'Roaming Global 15 Days',
        description:
          'Fifteen days of 3 GB data in more than 100 countries, with unlimited talk and text back in the US and 60 international minutes.',
        dataMb: 3 * GB,
        voiceMinutes: null,
        sms: null,
        validityDays: 15,
        internationalMinutes: 60,
        unlimitedInternationalCalls: false,
        prices: [{ periodDays: 15, price: 3500 }],
      },
      {
        key: 'global-30-days',
        name: 'Roaming Global 30 Days',
        description:
          'A month of 10 GB data in more than 100 countries, unlimited talk and text in the US and 100 international minutes.',
        dataMb: 10 * GB,
        voiceMinutes: null,
        sms: null,
        validityDays: 30,
        internationalMinutes: 100,
        unlimitedInternationalCalls: false,
        prices: [{ periodDays: 30, price: 6000 }],
      },
    ],
  },
  {
    // Sold by phone only; the shop hides this category by name.
    slug: 'unlimited',
    name: 'Unlimited',
    sortOrder: 70,
    description:
      'Unlimited talk, text and data in the US with unlimited calls to 60+ countries. Data speeds may reduce after 3GB of use in a billing period when the network is busy.',
    plans: [
      {
        key: 'everything',
        name: 'Unlimited Everything',
        description:
          'No counting: unlimited US talk, text and data, unlimited calls to 60+ countries and 100 minutes to over 80 more. Data speeds may reduce after 3GB.',
        dataMb: null,
        voiceMinutes: null,
        sms: null,
        validityDays: 30,
        internationalMinutes: 100,
        unlimitedInternationalCalls: true,
        prices: [
          { periodDays: 30, price: 3000 },
          { periodDays: 90, price: 8500 },
        ],
      },
    ],
  },
  {
    // Government programme plans: enrolment goes through a separate process, never the shop.
    slug: 'acp',
    name: 'ACP',
    sortOrder: 80,
    description:
      'Plans for households enrolled in the federal Affordable Connectivity Program. The programme closed to new enrolments in 2024, so these plans are not sold online.',
    plans: [
      {
        key: 'free',
        name: 'ACP Free',
        description: 'Unlimited US talk and text with 5 GB of data at no cost for enrolled households.',
        dataMb: 5 * GB,
        voiceMinutes: null,
        sms: null,
        validityDays: 30,
        internationalMinutes: 0,
        unlimitedInternationalCalls: false,
        prices: [{ periodDays: 30, price: 0 }],
      },
    ],
  },
  {
    // Announced but not launched: no plans yet, so the shop leaves it out.
    slug: 'business',
    name: 'Business',
    sortOrder: 90,
    description:
      'Multi-line plans for small businesses are on their way. Contact our sales team for volume pricing in the meantime.',
    plans: [],
  },
];

export interface AddOnDef {
  code: string;
  name: string;
  description: string;
  callMinutes: number;
  sms: number;
  /** MB. */
  bandwidth: number;
  price: number;
  sortOrder: number;
  isActive?: boolean;
  /** Which plans may buy it, judged on the plan definition and its category. */
  allowedFor: (plan: PlanDef, category: CategoryDef) => boolean;
}

const SHOP_CATEGORIES = new Set(['paygo', 'tourist', 'value', 'immigrant', 'traveler', 'roaming']);
const sold = (c: CategoryDef) => SHOP_CATEGORIES.has(c.slug);
// Minutes and texts only make sense where the plan counts them.
const limitedVoice = (p: PlanDef, c: CategoryDef) => sold(c) && p.voiceMinutes !== null;
const limitedSms = (p: PlanDef, c: CategoryDef) => sold(c) && p.sms !== null;
const limitedData = (p: PlanDef, c: CategoryDef) => sold(c) && p.dataMb !== null;
const callsAbroad = (p: PlanDef, c: CategoryDef) => sold(c) && c.slug !== 'value';

export const ADD_ONS: AddOnDef[] = [
  {
    code: 'voice-100',
    name: '100 Call Minutes',
    description: 'One hundred extra minutes for calls to any US number, added to your current plan period.',
    callMinutes: 100,
    sms: 0,
    bandwidth: 0,
    price: 300,
    sortOrder: 10,
    allowedFor: limitedVoice,
  },
  {
    code: 'voice-500',
    name: '500 Call Minutes',
    description: 'Five hundred extra minutes for calls to any US number: the best value for heavy callers.',
    callMinutes: 500,
    sms: 0,
    bandwidth: 0,
    price: 800,
    sortOrder: 20,
    allowedFor: limitedVoice,
  },
  {
    code: 'intl-60',
    name: '60 International Minutes',
    description: 'Sixty minutes to any of our 80+ included international destinations, on top of what your plan includes.',
    callMinutes: 60,
    sms: 0,
    bandwidth: 0,
    price: 500,
    sortOrder: 30,
    allowedFor: callsAbroad,
  },
  {
    code: 'sms-200',
    name: '200 SMS Pack',
    description: 'Two hundred extra text messages to US numbers.',
    callMinutes: 0,
    sms: 200,
    bandwidth: 0,
    price: 200,
    sortOrder: 40,
    allowedFor: limitedSms,
  },
  {
    code: 'text-1000',
    name: '1000 Text Messages',
    description: 'A thousand extra text messages to US numbers, for group chats that never sleep.',
    callMinutes: 0,
    sms: 1000,
    bandwidth: 0,
    price: 500,
    sortOrder: 50,
    allowedFor: limitedSms,
  },
  {
    code: 'data-1gb',
    name: '1 GB Data Boost',
    description: 'One extra gigabyte of 4G/5G data, available as soon as the purchase completes.',
    callMinutes: 0,
    sms: 0,
    bandwidth: 1 * GB,
    price: 500,
    sortOrder: 60,
    allowedFor: limitedData,
  },
  {
    code: 'data-3gb',
    name: '3 GB Data Boost',
    description: 'Three extra gigabytes of 4G/5G data for the rest of your plan period.',
    callMinutes: 0,
    sms: 0,
    bandwidth: 3 * GB,
    price: 1000,
    sortOrder: 70,
    allowedFor: limitedData,
  },
  {
    code: 'data-10gb',
    name: '10 GB Data Boost',
    description: 'Ten extra gigabytes of data for streaming, hotspot and video calls.',
    callMinutes: 0,
    sms: 0,
    bandwidth: 10 * GB,
    price: 2500,
    sortOrder: 80,
    allowedFor: limitedData,
  },
  {
    // A summer promotion that ended; kept inactive for order history.
    code: 'data-weekend-5gb',
    name: 'Weekend Data Pass 5 GB',
    description: 'Five gigabytes of data valid from Friday to Sunday. This promotion has ended.',
    callMinutes: 0,
    sms: 0,
    bandwidth: 5 * GB,
    price: 400,
    sortOrder: 90,
    isActive: false,
    allowedFor: limitedData,
  },
];

export interface ResellerDef {
  code: string;
  name: string;
  isActive: boolean;
}

export const RESELLERS: ResellerDef[] = [
  { code: 'DEMO10', name: 'Demo Partner', isActive: true },
  { code: 'PARTNER-NY', name: 'Partner Store New York', isActive: true },
  { code: 'LATAM-CONNECT', name: 'LatAm Connect Travel', isActive: true },
  { code: 'CAMPUS-2024', name: 'Campus Ambassadors 2024 (ended)', isActive: false },
];
