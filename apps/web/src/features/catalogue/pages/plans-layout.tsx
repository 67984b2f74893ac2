import { FormattedMessage, useIntl } from 'react-intl';
import { NavLink, Outlet } from 'react-router';
import { PLAN_GROUPS, findCategoryForGroup } from '@app/shared/rules/catalogue';
import { categoryColorVar } from '@app/shared/rules/category-color';
import { useVisibleCategories } from '../api/get-plan-categories';
import '../catalogue.css';

/** The /plans section: one tab per plan group (spec §2), the group's plans below. */
export default function PlansLayout() {
  const intl = useIntl();
  const categories = useVisibleCategories();
  return (
    <div className="container page plans-section">
      <header className="page-header page-header--center">
        <h1 className="page-title">
          <FormattedMessage id="plans.title" />
        </h1>
        <p className="page-lead">
          <FormattedMessage id="plans.lead" />
        </p>
      </header>
      <nav className="plan-tabs" aria-label={intl.formatMessage({ id: 'plans.groups' })}>
        <ul className="plan-tabs__list">
          {PLAN_GROUPS.map((group) => {
            const category = categories.data ? findCategoryForGroup(categories.data, group.path) : undefined;
            return (
              <li key={group.path}>
                <NavLink to={`/plans/${group.path}`} className="plan-tab">
                  <span className="color-dot" style={{ background: category ? categoryColorVar(category.name) : 'var(--line)' }} aria-hidden="true" />
                  {category?.name ?? intl.formatMessage({ id: `plans.group.${group.path}` })}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
