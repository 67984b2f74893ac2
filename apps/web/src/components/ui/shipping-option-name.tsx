import { FormattedMessage } from 'react-intl';
import type { ShippingRate } from '@app/shared/contracts/catalogue';

const NAMED = new Set(['standard', 'express']);

/**
 * A delivery option in the reader's language: its kind (standard, express) from the catalogue, and
 * the carrier's service (a brand, e.g. "USPS First-Class") from the option's name, kept as it is.
 */
export function ShippingOptionName({ option }: { option: Pick<ShippingRate, 'code' | 'name'> }) {
  const service = /\(([^()]+)\)\s*$/.exec(option.name)?.[1];
  if (!NAMED.has(option.code) || !service) return <>{option.name}</>;
  return <FormattedMessage id={`shipping.option.${option.code}`} values={{ service }} />;
}
