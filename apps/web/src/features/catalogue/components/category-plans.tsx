import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { addOnsForPlans } from '@app/shared/rules/add-on';
import type { PlanCategory } from '@app/shared/contracts/catalogue';
import { categoryColorVar } from '@app/shared/rules/category-color';
import { planPath } from '@app/shared/rules/catalogue';
import { useActiveAddOns } from '../api/get-add-ons';
import { usePricesByPlan } from '../api/get-plan-pricing';
import { AddOnCard } from './add-on-card';
import { PlanCard } from './plan-card';
import '../catalogue.css';

/** A category's plans (Physical SIM first), then the add-ons that can be bought with them. */
export function CategoryPlans({ category, withHeading = false }: { category: PlanCategory; withHeading?: boolean }) {
  const prices = usePricesByPlan();
  const addOns = useActiveAddOns();
  const accent = categoryColorVar(category.slug);
  const planIds = category.plans.map((p) => p.id);
  const matchingAddOns = addOnsForPlans(addOns.data ?? [], planIds).filter((a) => a.kind !== null);

  return (
    <>
      {withHeading ? (
        // Keeps the outline h1 → h2 → h3 where the page heading is the category itself.
        <h2 className="visually-hidden">
          <FormattedMessage id="plan.choose" values={{ category: category.name }} />
        </h2>
      ) : null}
      <div className="plan-grid">
        {category.plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            prices={prices.data?.get(plan.id)}
            pricesPending={prices.isPending}
            accent={accent}
            href={planPath(category, plan)}
          />
        ))}
      </div>
      {prices.isError ? (
        <p className="notice notice--warning" role="alert">
          <FormattedMessage id="plan.pricesError" />
        </p>
      ) : null}

      {matchingAddOns.length > 0 ? (
        <section className="addons" aria-labelledby={`addons-${category.id}`}>
          <h2 id={`addons-${category.id}`} className="section-title section-title--sm">
            <FormattedMessage id="addon.title" />
          </h2>
          <p className="section-lead">
            <FormattedMessage id="addon.lead" />
          </p>
          <ul className="addon-list">
            {matchingAddOns.map((addOn) => (
              <AddOnCard key={addOn.id} addOn={addOn} categoryId={category.id} />
            ))}
          </ul>
        </section>
      ) : null}

      <aside className="plan-notes">
        <p>
          <FormattedMessage id="plan.note.fairUse" />
        </p>
        <p>
          {/* react-intl returns rich text as an array of parts, so each tag's element needs a key. */}
          <FormattedMessage
            id="plan.note.simAndShipping"
            values={{
              link: (chunks) => <Link key="link" to="/shipping-fee">{chunks}</Link>,
              esim: (chunks) => <Link key="esim" to="/about-esim">{chunks}</Link>,
            }}
          />
        </p>
      </aside>
    </>
  );
}

/** Plan cards while the catalogue loads: the grid's shape, announced as busy. */
export function PlanGridSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div className="plan-grid" aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="plan-card plan-card--skeleton" aria-hidden="true">
          <span className="skeleton skeleton--pill" />
          <span className="skeleton skeleton--title" />
          <span className="skeleton" />
          <span className="skeleton" />
          <span className="skeleton skeleton--block" />
        </div>
      ))}
    </div>
  );
}
