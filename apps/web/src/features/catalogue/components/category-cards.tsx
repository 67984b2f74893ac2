import type { CSSProperties } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { categoryPath, lowestPrice } from '@app/shared/rules/catalogue';
import { categoryColorVar } from '@app/shared/rules/category-color';
import { useActivePlanPricing } from '../api/get-plan-pricing';
import { useVisibleCategories } from '../api/get-plan-categories';
import { useFormatMoney } from '../../../lib/use-format-money';
import '../catalogue.css';

/** One card per visible category, linking to its plan page, with the lowest price when known. */
export function CategoryCards() {
  const categories = useVisibleCategories();
  const prices = useActivePlanPricing();
  const formatMoney = useFormatMoney();

  if (categories.isPending) {
    return (
      <div className="category-grid" aria-busy="true">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="category-card category-card--skeleton" aria-hidden="true">
            <span className="skeleton skeleton--title" />
            <span className="skeleton" />
            <span className="skeleton" />
          </div>
        ))}
      </div>
    );
  }
  if (categories.isError) {
    return (
      <p className="notice notice--warning" role="alert">
        <FormattedMessage id="catalogue.loadError" />
      </p>
    );
  }
  if (categories.data.length === 0) {
    return (
      <p className="notice">
        <FormattedMessage id="catalogue.empty" />
      </p>
    );
  }
  return (
    <ul className="category-grid">
      {categories.data.map((category) => {
        const from = prices.data ? lowestPrice(category.plans, prices.data) : undefined;
        return (
          <li key={category.id} className="category-card" style={{ '--accent': categoryColorVar(category.slug) } as CSSProperties}>
            <h3 className="category-card__name">
              <Link to={categoryPath(category)} className="category-card__link">
                {category.name}
              </Link>
            </h3>
            {category.description ? <p className="category-card__description">{category.description}</p> : null}
            <p className="category-card__meta">
              <FormattedMessage id="catalogue.planCount" values={{ count: category.plans.length }} />
              {from !== undefined ? (
                <>
                  {' · '}
                  <FormattedMessage id="catalogue.from" values={{ price: <strong key="price">{formatMoney(from)}</strong> }} />
                </>
              ) : null}
            </p>
            <span className="category-card__cta" aria-hidden="true">
              <FormattedMessage id="catalogue.viewPlans" />
            </span>
          </li>
        );
      })}
    </ul>
  );
}
