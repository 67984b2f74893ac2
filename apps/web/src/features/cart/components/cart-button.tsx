import { useIntl } from 'react-intl';
import { useCart } from '../cart-store';
import { CartIcon } from '../../../components/ui/icons';

/** Shown only when the cart has something in it (spec §2); opens the cart dialog. */
export function CartButton({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const intl = useIntl();
  const { quantity } = useCart();
  if (quantity === 0) return null;
  return (
    <button
      type="button"
      className="icon-button cart-button"
      aria-label={intl.formatMessage({ id: 'header.cart' }, { count: quantity })}
      aria-haspopup="dialog"
      aria-expanded={open}
      onClick={onToggle}
    >
      <CartIcon size={22} />
      <span className="cart-button__count" data-testid="cart-count" aria-hidden="true">
        {intl.formatNumber(quantity)}
      </span>
    </button>
  );
}
