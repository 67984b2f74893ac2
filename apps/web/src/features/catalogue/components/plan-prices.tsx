import { FormattedMessage, useIntl } from 'react-intl';
import type { Plan, PlanPricing } from '@app/shared/contracts/catalogue';
import { useFormatMoney } from '../../../lib/use-format-money';
import { useAddToCart } from './add-to-cart';

interface PlanPricesProps {
  plan: Plan;
  prices: readonly PlanPricing[] | undefined;
  pending: boolean;
  /** The prices could not be loaded (the plan page says so; a card in a list just shows none). */
  failed?: boolean;
}

/** A plan's active prices, each with its period and an "Add to cart" button (plan card and plan page). */
export function PlanPrices({ plan, prices, pending, failed = false }: PlanPricesProps) {
  const intl = useIntl();
  const formatMoney = useFormatMoney();
  const addToCart = useAddToCart();

  return (
    <div className="plan-card__prices" aria-busy={pending || undefined}>
      {pending ? (
        <span className="skeleton plan-card__price-skeleton" aria-hidden="true" />
      ) : failed ? (
        <p className="notice notice--warning" role="alert">
          <FormattedMessage id="plan.pricesError" />
        </p>
      ) : prices && prices.length > 0 ? (
        <ul className="price-list">
          {prices.map((price) => {
            const amount = formatMoney(price.price);
            const period = intl.formatMessage({ id: 'plan.days' }, { days: price.periodDays });
            return (
              <li key={price.id} className="price-row">
                <p className="price-row__amount">
                  <span className="price-row__value">{amount}</span>
                  <span className="price-row__period">
                    <FormattedMessage id="plan.perPeriod" values={{ period }} />
                  </span>
                </p>
                <button
                  type="button"
                  className="btn btn--primary btn--sm"
                  aria-label={intl.formatMessage({ id: 'plan.addToCartLabel' }, { plan: plan.name, price: amount, period })}
                  onClick={() => addToCart({ _type: 'plan', planId: plan.id, priceId: price.id, categoryId: plan.categoryId }, plan.name)}
                >
                  <FormattedMessage id="plan.addToCart" />
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="muted">
          <FormattedMessage id="plan.noPrice" />
        </p>
      )}
    </div>
  );
}
