import type { CSSProperties } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { Plan, PlanPricing } from '@app/shared/contracts/catalogue';
import { useFormatMoney } from '../../../lib/use-format-money';
import { CheckIcon, GlobeIcon, PhoneIcon } from '../../../components/ui/icons';
import { SimBadge } from './sim-badge';
import { useAddToCart } from './add-to-cart';
import { usePlanFacts } from './use-plan-facts';

interface PlanCardProps {
  plan: Plan;
  prices: readonly PlanPricing[] | undefined;
  pricesPending: boolean;
  accent: string;
  /** The plan's own page (`planPath`), linked from its name and a "Plan details" link. */
  href?: string;
}

/** One plan: SIM type, allowances, and an "Add to cart" button for each of its active prices. */
export function PlanCard({ plan, prices, pricesPending, accent, href }: PlanCardProps) {
  const intl = useIntl();
  const formatMoney = useFormatMoney();
  const addToCart = useAddToCart();
  const facts = usePlanFacts(plan);
  const headingId = `plan-${plan.id}`;

  return (
    <article className="plan-card" data-testid="plan-card" aria-labelledby={headingId} style={{ '--accent': accent } as CSSProperties}>
      <div className="plan-card__top">
        <SimBadge plan={plan} />
        <h3 id={headingId} className="plan-card__name">
          {href ? (
            <Link to={href} className="plan-card__link">
              {plan.name}
            </Link>
          ) : (
            plan.name
          )}
        </h3>
        {plan.description ? <p className="plan-card__description">{plan.description}</p> : null}
      </div>

      <dl className="plan-card__facts">
        <div>
          <dt>
            <FormattedMessage id="plan.data" />
          </dt>
          <dd>{facts.data}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="plan.minutes" />
          </dt>
          <dd>{facts.minutes}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="plan.sms" />
          </dt>
          <dd>{facts.sms}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="plan.validity" />
          </dt>
          <dd>{facts.validity}</dd>
        </div>
      </dl>

      <ul className="plan-card__perks">
        <li>
          <CheckIcon size={16} />
          <FormattedMessage id="plan.perk.network" />
        </li>
        <li>
          <CheckIcon size={16} />
          <FormattedMessage id="plan.perk.wifiCalling" />
        </li>
        {plan.unlimitedInternationalCalls ? (
          <li>
            <PhoneIcon size={16} />
            <FormattedMessage id="plan.perk.unlimitedInternational" />
          </li>
        ) : null}
        {plan.internationalMinutes > 0 ? (
          <li>
            <GlobeIcon size={16} />
            <FormattedMessage id="plan.perk.internationalMinutes" values={{ n: plan.internationalMinutes }} />
          </li>
        ) : null}
      </ul>

      {href ? (
        <Link
          to={href}
          className="plan-card__details"
          data-testid="plan-details-link"
          aria-label={intl.formatMessage({ id: 'plan.viewDetailsLabel' }, { plan: plan.name })}
        >
          <FormattedMessage id="plan.viewDetails" />
        </Link>
      ) : null}

      <div className="plan-card__prices" aria-busy={pricesPending || undefined}>
        {pricesPending ? (
          <span className="skeleton plan-card__price-skeleton" aria-hidden="true" />
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
                    onClick={() =>
                      addToCart({ _type: 'plan', planId: plan.id, priceId: price.id, categoryId: plan.categoryId }, plan.name)
                    }
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
    </article>
  );
}
