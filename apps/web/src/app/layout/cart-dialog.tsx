import { useId, useLayoutEffect, useMemo, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { classifyAddOn, addOnAmount } from '@app/shared/rules/add-on';
import { type CartItem } from '@app/shared/contracts/cart';
import { MAX_ITEM_QUANTITY, cartItemKey } from '@app/shared/rules/cart';
import { simKind } from '@app/shared/rules/catalogue';
import type { AddOn, Plan, PlanCategory, PlanPricing } from '@app/shared/contracts/catalogue';
import { useActiveAddOns } from '../../features/catalogue/api/get-add-ons';
import { useActivePlanPricing } from '../../features/catalogue/api/get-plan-pricing';
import { useVisibleCategories } from '../../features/catalogue/api/get-plan-categories';
import { cartStore, useCart } from '../../lib/cart-store';
import { useFormatMoney } from '../../lib/use-format-money';
import { Dialog } from '../../components/ui/dialog';
import { CloseIcon, MinusIcon, PlusIcon, TrashIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/spinner';
import './cart-dialog.css';

interface Line {
  key: string;
  item: CartItem;
  name: string;
  detail: string;
  /** Unit price in cents; undefined when the item is no longer sold. */
  unitPrice: number | undefined;
}

function useCatalogueLookup() {
  const categories = useVisibleCategories();
  const prices = useActivePlanPricing();
  const addOns = useActiveAddOns();
  const lookup = useMemo(() => {
    const plans = new Map<string, { plan: Plan; category: PlanCategory }>();
    for (const category of categories.data ?? []) for (const plan of category.plans) plans.set(plan.id, { plan, category });
    const priceById = new Map<string, PlanPricing>((prices.data ?? []).filter((p) => p.isActive).map((p) => [p.id, p]));
    const addOnById = new Map<string, AddOn>((addOns.data ?? []).map((a) => [a.id, a]));
    return { plans, priceById, addOnById };
  }, [categories.data, prices.data, addOns.data]);
  // A failed lookup says nothing about what is still sold: without this, a network error marked every
  // line 'no longer sold' and asked the customer to delete their cart.
  const failed = categories.isError || prices.isError || addOns.isError;
  const retry = () => {
    if (categories.isError) void categories.refetch();
    if (prices.isError) void prices.refetch();
    if (addOns.isError) void addOns.refetch();
  };
  return { lookup, pending: !failed && (categories.isPending || prices.isPending || addOns.isPending), failed, retry };
}

/** The cart (spec §2, §4): lines with names and prices from the catalogue, quantities, a display subtotal. */
export default function CartDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const formatMoney = useFormatMoney();
  const { items, quantity } = useCart();
  const { lookup, pending, failed, retry } = useCatalogueLookup();
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

  const lines: Line[] = items.map((item) => {
    const key = cartItemKey(item);
    if (item._type === 'plan') {
      const entry = lookup.plans.get(item.planId);
      const price = lookup.priceById.get(item.priceId);
      const sold = entry && price && price.planId === item.planId;
      return {
        key,
        item,
        name: entry?.plan.name ?? intl.formatMessage({ id: 'cart.unavailableItem' }),
        detail: sold
          ? intl.formatMessage(
              { id: 'cart.planDetail' },
              {
                category: entry.category.name,
                sim: intl.formatMessage({ id: simKind(entry.plan) === 'physical' ? 'plan.sim.physical' : 'plan.sim.esim' }),
                days: price.periodDays,
              },
            )
          : intl.formatMessage({ id: 'cart.noLongerSold' }),
        unitPrice: sold ? price.price : undefined,
      };
    }
    const addOn = lookup.addOnById.get(item.addonId);
    const kind = addOn ? classifyAddOn(addOn) : undefined;
    return {
      key,
      item,
      name: addOn?.name ?? intl.formatMessage({ id: 'cart.unavailableItem' }),
      detail: addOn
        ? kind
          ? intl.formatMessage({ id: `addon.label.${kind}` }, { n: addOnAmount(addOn, kind) })
          : intl.formatMessage({ id: 'cart.addOn' })
        : intl.formatMessage({ id: 'cart.noLongerSold' }),
      unitPrice: addOn?.price,
    };
  });

  const subtotal = lines.reduce((sum, line) => sum + (line.unitPrice ?? 0) * line.item.quantity, 0);
  const hasUnavailable = !failed && lines.some((l) => l.unitPrice === undefined);

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
                      {line.unitPrice !== undefined ? (
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
                          {line.item.quantity}
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
                        {line.unitPrice !== undefined ? formatMoney(line.unitPrice * line.item.quantity) : '—'}
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
            <p className="cart-dialog__subtotal">
              <span>
                <FormattedMessage id="cart.subtotal" />
              </span>
              <strong>{failed ? '—' : pending ? '…' : formatMoney(subtotal)}</strong>
            </p>
            <p className="cart-dialog__note">
              <FormattedMessage id={hasUnavailable ? 'cart.removeUnavailable' : 'cart.note'} />
            </p>
            <div className="cart-dialog__actions">
              <button type="button" className="btn btn--ghost" onClick={onClose}>
                <FormattedMessage id="cart.continue" />
              </button>
              <Link
                to="/checkout"
                className={`btn btn--primary${hasUnavailable ? ' is-disabled' : ''}`}
                aria-disabled={hasUnavailable || undefined}
                onClick={(event) => {
                  if (hasUnavailable) event.preventDefault();
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
