import type { CSSProperties } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { Plan, PlanPricing } from '@app/shared/contracts/catalogue';
import { CheckIcon, GlobeIcon, PhoneIcon } from '../../../components/ui/icons';
import { SimBadge } from './sim-badge';
import { PlanPrices } from './plan-prices';
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

      <PlanPrices plan={plan} prices={prices} pending={pricesPending} />
    </article>
  );
}
