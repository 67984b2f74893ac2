import { useId, useLayoutEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { MAX_ITEM_QUANTITY } from '@app/shared/rules/cart';
import { quoteSoldOut, type PricedLine } from '@app/shared/rules/pricing';
import { useFormatAllowance } from '../../../lib/use-format-allowance';
import { useFormatMoney } from '../../../lib/use-format-money';
import { Dialog } from '../../../components/ui/dialog';
import { CloseIcon, MinusIcon, PlusIcon, TrashIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import type { CartCatalogueState } from '../cart-catalogue';
import { cartStore, useCart } from '../cart-store';
import { useSimAvailability } from '../api/get-sim-availability';
import { useCartQuote } from '../use-cart-quote';
import './cart-dialog.css';

/**
 * The cart (spec §2, §4): lines with names from the catalogue, quantities, and the figures of the
 * shared `priceCart()` (line totals, subtotal, SIM cards, total once nothing is left to choose).
 * The component only formats what the quote says.
 */
export default function CartDialog({ onClose, catalogue: lookup }: { onClose: () => void; catalogue: CartCatalogueState }) {
  const intl = useIntl();
  const formatMoney = useFormatMoney();
  const formatAllowance = useFormatAllowance();
  const { items, quantity } = useCart();
  const { catalogue, pending, failed, retry } = lookup;
  const available = useSimAvailability(items.some((i) => i._type === 'plan'));
  const quote = useCartQuote(items, catalogue, available);
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const removedIndex = useRef<number | null>(null);

  // The Remove button that had focus is gone; without this focus fell to <body>, outside the modal, so
  // Tab reached the page behind it. The next line's Remove button takes over, else the dialog itself.
  useLayoutEffect(() => {
    const index = removedIndex.current;
    if (index === null) return;
    removedIndex.current = null;
    const dialog = titleRef.current?.closest<HTMLElement>('[role="dialog"]');
    const buttons = dialog ? Array.from(dialog.querySelectorAll<HTMLElement>('[data-cart-remove]')) : [];
    (buttons[Math.min(index, buttons.length - 1)] ?? dialog)?.focus();
  }, [items]);

  const unavailable = intl.formatMessage({ id: 'cart.unavailableItem' });
  const detailOf = (line: PricedLine): string => {
    if (line.problem === 'not_sold') return intl.formatMessage({ id: 'cart.noLongerSold' });
    if (line.problem === 'addon_not_allowed') return intl.formatMessage({ id: 'cart.addOnNotAllowed' });
    if (line.problem === 'sold_out') return intl.formatMessage({ id: 'checkout.line.problem.sold_out' });
    if (line.item._type === 'plan') {
      const plan = catalogue.plans.get(line.item.planId);
      return intl.formatMessage(
        { id: 'cart.planDetail' },
        {
          category: (plan && catalogue.categoryNames.get(plan.categoryId)) ?? '',
          sim: intl.formatMessage({ id: line.sim === 'physical' ? 'plan.sim.physical' : 'plan.sim.esim' }),
          days: line.periodDays ?? 0,
        },
      );
    }
    const addOn = catalogue.addOns.get(line.item.addonId);
    return (addOn && formatAllowance.addOn(addOn)) ?? intl.formatMessage({ id: 'cart.addOn' });
  };
  const lines = quote.lines.map((line) => ({ ...line, name: line.name ?? unavailable, detail: detailOf(line) }));
  const ready = !failed && !pending;
  const hasUnavailable = ready && !quote.sellable;
  // Sold out for the moment (still on sale, priced): "remove the marked items", not "no longer sold".
  const onlySoldOut = quoteSoldOut(quote.lines) !== undefined;
  // While prices load nothing is known yet; after a failed load the server decides at checkout.
  const holdCheckout = pending || hasUnavailable;

  return (
    <Dialog open onClose={onClose} labelledBy={titleId} className="cart-dialog">
      <div className="cart-dialog__head">
        <h2 id={titleId} ref={titleRef} className="cart-dialog__title">
          <FormattedMessage id="cart.title" values={{ count: quantity }} />
        </h2>
        <button type="button" className="icon-button" aria-label={intl.formatMessage({ id: 'cart.close' })} onClick={onClose}>
          <CloseIcon size={22} />
        </button>
      </div>

      {items.length === 0 ? (
        <div className="cart-dialog__empty">
          <p>
            <FormattedMessage id="cart.empty" />
          </p>
          <Link to="/plans" className="btn btn--primary" onClick={onClose}>
            <FormattedMessage id="cart.browsePlans" />
          </Link>
        </div>
      ) : (
        <>
          <div aria-busy={pending || undefined}>
            {failed ? (
              <div className="notice notice--warning cart-dialog__error" role="alert">
                <p>
                  <FormattedMessage id="cart.loadError" values={{ count: quantity }} />
                </p>
                <button type="button" className="btn btn--outline btn--sm" onClick={retry}>
                  <FormattedMessage id="common.retry" />
                </button>
              </div>
            ) : pending ? (
              <div className="cart-dialog__loading">
                <Spinner />
              </div>
            ) : (
              <ul className="cart-lines">
                {lines.map((line, index) => (
                  <li key={line.key} className="cart-line">
                    <div className="cart-line__info">
                      <p className="cart-line__name">{line.name}</p>
                      <p className="cart-line__detail">{line.detail}</p>
                      {!line.problem || line.problem === 'sold_out' ? (
                        <p className="cart-line__unit">
                          <FormattedMessage id="cart.unitPrice" values={{ price: formatMoney(line.unitPrice) }} />
                        </p>
                      ) : null}
                    </div>
                    <div className="cart-line__controls">
                      {/* aria-disabled, not disabled: a button disabled while focused drops focus to <body>
                          when the quantity reaches a limit. */}
                      <div className="stepper" role="group" aria-label={intl.formatMessage({ id: 'cart.quantityOf' }, { name: line.name })}>
                        <button
                          type="button"
                          className="stepper__button"
                          aria-label={intl.formatMessage({ id: 'cart.decrease' }, { name: line.name })}
                          aria-disabled={line.item.quantity <= 1 || undefined}
                          onClick={() => {
                            if (line.item.quantity > 1) cartStore.setQuantity(line.key, line.item.quantity - 1);
                          }}
                        >
                          <MinusIcon size={16} />
                        </button>
                        <output className="stepper__value" aria-live="polite">
                          {intl.formatNumber(line.item.quantity)}
                        </output>
                        <button
                          type="button"
                          className="stepper__button"
                          aria-label={intl.formatMessage({ id: 'cart.increase' }, { name: line.name })}
                          aria-disabled={line.item.quantity >= MAX_ITEM_QUANTITY || undefined}
                          onClick={() => {
                            if (line.item.quantity < MAX_ITEM_QUANTITY) cartStore.setQuantity(line.key, line.item.quantity + 1);
                          }}
                        >
                          <PlusIcon size={16} />
                        </button>
                      </div>
                      <p className="cart-line__total">
                        {line.problem && line.problem !== 'sold_out' ? '—' : formatMoney(line.total)}
                      </p>
                      <button
                        type="button"
                        className="icon-button icon-button--danger"
                        aria-label={intl.formatMessage({ id: 'cart.remove' }, { name: line.name })}
                        data-cart-remove
                        onClick={() => {
                          removedIndex.current = index;
                          cartStore.remove(line.key);
                        }}
                      >
                        <TrashIcon size={18} />
                      </button>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="cart-dialog__summary">
            <dl className="cart-dialog__figures">
              <div className="cart-dialog__subtotal">
                <dt>
                  <FormattedMessage id="cart.subtotal" />
                </dt>
                <dd>{failed ? '—' : pending ? '…' : formatMoney(quote.subtotal)}</dd>
              </div>
              {ready && quote.physicalSims > 0 ? (
                <div>
                  <dt>
                    <FormattedMessage id="cart.simCards" values={{ count: quote.physicalSims }} />
                  </dt>
                  <dd>{formatMoney(quote.simCards)}</dd>
                </div>
              ) : null}
              {ready && quote.tax > 0 ? (
                <div>
                  <dt>
                    <FormattedMessage id="cart.tax" />
                  </dt>
                  <dd>{formatMoney(quote.tax)}</dd>
                </div>
              ) : null}
              {ready && quote.surcharge > 0 ? (
                <div>
                  <dt>
                    <FormattedMessage id="cart.surcharge" />
                  </dt>
                  <dd>{formatMoney(quote.surcharge)}</dd>
                </div>
              ) : null}
              {ready && quote.needsShipping ? (
                <div>
                  <dt>
                    <FormattedMessage id="cart.shipping" />
                  </dt>
                  <dd>
                    <FormattedMessage id="cart.shippingAtCheckout" />
                  </dd>
                </div>
              ) : null}
              {ready && quote.total !== null ? (
                <div className="cart-dialog__total">
                  <dt>
                    <FormattedMessage id="cart.total" />
                  </dt>
                  <dd>{formatMoney(quote.total)}</dd>
                </div>
              ) : null}
            </dl>
            {/* Polite: the stock answer may arrive after the dialog opened and hold checkout back. */}
            <p className="cart-dialog__note" aria-live="polite">
              <FormattedMessage id={!hasUnavailable ? 'cart.note' : onlySoldOut ? 'checkout.removeSoldOut' : 'cart.removeUnavailable'} />
            </p>
            <div className="cart-dialog__actions">
              <button type="button" className="btn btn--ghost" onClick={onClose}>
                <FormattedMessage id="cart.continue" />
              </button>
              <Link
                to="/checkout"
                className={`btn btn--primary${holdCheckout ? ' is-disabled' : ''}`}
                aria-disabled={holdCheckout || undefined}
                onClick={(event) => {
                  if (holdCheckout) event.preventDefault();
                  else onClose();
                }}
              >
                <FormattedMessage id="cart.checkout" />
              </Link>
            </div>
          </div>
        </>
      )}
    </Dialog>
  );
}
