import { FormattedMessage, useIntl } from 'react-intl';
import type { AddOn } from '@app/shared/contracts/catalogue';
import { useFormatAllowance } from '../../../lib/use-format-allowance';
import { useFormatMoney } from '../../../lib/use-format-money';
import { GlobeIcon, PhoneIcon, ChatIcon } from '../../../components/ui/icons';
import { useAddToCart } from './add-to-cart';

const KIND_ICON = { voice: PhoneIcon, text: ChatIcon, data: GlobeIcon } as const;

export function AddOnCard({ addOn, categoryId }: { addOn: AddOn; categoryId: string }) {
  const intl = useIntl();
  const formatMoney = useFormatMoney();
  const addToCart = useAddToCart();
  const formatAllowance = useFormatAllowance();
  const { kind } = addOn;
  const Icon = kind ? KIND_ICON[kind] : GlobeIcon;
  const label = formatAllowance.addOn(addOn) ?? addOn.name;
  const price = formatMoney(addOn.price);
  return (
    <li className="addon-card">
      <span className={`addon-card__icon addon-card__icon--${kind ?? 'data'}`}>
        <Icon size={20} />
      </span>
      <div className="addon-card__body">
        <p className="addon-card__label">{label}</p>
        <p className="addon-card__name">
          {kind ? <FormattedMessage id={`addon.kind.${kind}`} /> : null}
          {kind ? ' · ' : null}
          {addOn.name}
        </p>
      </div>
      <p className="addon-card__price">{price}</p>
      <button
        type="button"
        className="btn btn--outline btn--sm"
        aria-label={intl.formatMessage({ id: 'addon.addToCartLabel' }, { name: addOn.name, price })}
        onClick={() => addToCart({ _type: 'addon', addonId: addOn.id, categoryId }, addOn.name)}
      >
        <FormattedMessage id="plan.addToCart" />
      </button>
    </li>
  );
}
