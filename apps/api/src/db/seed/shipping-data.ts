import { countries, type TCountryCode } from 'countries-list';

/**
 * Physical SIM delivery options per destination. SIM cards go out as a letter, so prices are low;
 * express options use a courier. A country without rows is one we do not ship to: the API answers
 * 'No available shipper' for it (see docs/decisions/012-shipping-rates.md).
 */

export interface ShippingRow {
  country: string;
  code: string;
  name: string;
  minDays: number;
  maxDays: number;
  businessDays: boolean;
  price: number;
  sortOrder: number;
}

/** Embargoed destinations (US export rules) and places without a civilian postal service. */
export const NOT_SHIPPED = new Set(['CU', 'IR', 'KP', 'SY', 'AQ', 'BV', 'HM', 'GS', 'TF', 'IO', 'UM']);

/** US territories get domestic USPS service, but mail takes longer to reach them. */
const US_TERRITORIES = new Set(['PR', 'VI', 'GU', 'AS', 'MP']);

/** Courier express is offered where the courier has a reliable next-hop: North America and Europe. */
const EXPRESS_CONTINENTS = new Set(['NA', 'EU']);

function internationalStandardPrice(code: string, continent: string): number {
  if (code === 'CA' || code === 'MX') return 999;
  if (continent === 'EU') return 1299;
  if (continent === 'OC' || continent === 'AF') return 1699;
  return 1499;
}

export function buildShippingRows(): ShippingRow[] {
  const rows: ShippingRow[] = [
    { country: 'US', code: 'standard', name: 'Standard (USPS First-Class)', minDays: 3, maxDays: 5, businessDays: true, price: 499, sortOrder: 10 },
    { country: 'US', code: 'express', name: 'Express (USPS Priority Mail Express)', minDays: 1, maxDays: 2, businessDays: true, price: 1999, sortOrder: 20 },
  ];
  for (const code of Object.keys(countries) as TCountryCode[]) {
    if (code === 'US' || NOT_SHIPPED.has(code)) continue;
    if (US_TERRITORIES.has(code)) {
      rows.push({ country: code, code: 'standard', name: 'Standard (USPS to US territories)', minDays: 5, maxDays: 10, businessDays: true, price: 499, sortOrder: 10 });
      continue;
    }
    const { continent } = countries[code];
    rows.push({
      country: code,
      code: 'standard',
      name: 'International Standard (USPS First-Class International)',
      minDays: 7,
      maxDays: 14,
      businessDays: true,
      price: internationalStandardPrice(code, continent),
      sortOrder: 10,
    });
    if (EXPRESS_CONTINENTS.has(continent)) {
      rows.push({
        country: code,
        code: 'express',
        name: 'International Express (DHL Express)',
        minDays: 3,
        maxDays: 6,
        businessDays: true,
        price: continent === 'EU' ? 3999 : 2999,
        sortOrder: 20,
      });
    }
  }
  return rows;
}
