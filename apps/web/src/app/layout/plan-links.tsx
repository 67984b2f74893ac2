import { FormattedMessage } from 'react-intl';
import { NavLink } from 'react-router';
import { categoryPath } from '@app/shared/rules/catalogue';
import { categoryColorVar } from '@app/shared/rules/category-color';
import { useVisibleCategories } from '../../features/catalogue/api/get-plan-categories';
import { Skeleton } from '../../components/ui/skeleton';

/** The plan categories as links to /plan/<name>, each with its colour dot; used by header and drawer. */
export function PlanLinks({ className = '' }: { className?: string }) {
  const { data, isPending, isError } = useVisibleCategories();
  if (isPending) {
    return (
      <div className={className} aria-busy="true">
        <Skeleton lines={4} />
      </div>
    );
  }
  if (isError || data.length === 0) {
    return (
      <p className={`${className} muted`}>
        <FormattedMessage id="nav.plans.unavailable" />
      </p>
    );
  }
  return (
    <ul className={className}>
      {data.map((category) => (
        <li key={category.id}>
          <NavLink to={categoryPath(category)} className="plan-link">
            <span className="color-dot" style={{ background: categoryColorVar(category.slug) }} aria-hidden="true" />
            {category.name}
          </NavLink>
        </li>
      ))}
      <li>
        <NavLink to="/plans" end className="plan-link plan-link--all">
          <FormattedMessage id="nav.plans.all" />
        </NavLink>
      </li>
    </ul>
  );
}
