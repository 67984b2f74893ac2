import { FormattedMessage, useIntl } from 'react-intl';
import { NavLink, Outlet, useMatches } from 'react-router';
import { PLAN_GROUPS, findCategoryForGroup, lowestPrice, type PlanGroupPath } from '@app/shared/rules/catalogue';
import { categoryColorVar } from '@app/shared/rules/category-color';
import { useFormatMoney } from '../../../lib/use-format-money';
import { useMetaDescription } from '../../../lib/use-meta-description';
import { useVisibleCategories } from '../api/get-plan-categories';
import { useActivePlanPricing } from '../api/get-plan-pricing';
import '../catalogue.css';

/** Spec §1: "PayGo plan from 3 USD a month", shown until prices load. */
const PAYGO_FROM_CENTS = 300;

/**
 * The /plans section: the group's own heading ("Tourist plans"), introduction and description meta,
 * one tab per plan group (spec §2), the group's plans below.
 */
export default function PlansLayout() {
  const intl = useIntl();
  const matches = useMatches();
  const group = (matches[matches.length - 1]?.handle as { group?: PlanGroupPath } | undefined)?.group;
  const categories = useVisibleCategories();
  const prices = useActivePlanPricing();
  const formatMoney = useFormatMoney();
  const category = group && categories.data ? findCategoryForGroup(categories.data, group) : undefined;
  const groupName = category?.name ?? (group ? intl.formatMessage({ id: `plans.group.${group}` }) : undefined);
  const from = category && prices.data ? lowestPrice(category.plans, prices.data) : undefined;
  const intro = group
    ? intl.formatMessage({ id: `plans.intro.${group}` }, { price: from === undefined ? formatMoney(PAYGO_FROM_CENTS) : formatMoney(from) })
    : intl.formatMessage({ id: 'plans.lead' });
  useMetaDescription(intro);

  return (
    <div className="container page plans-section">
      <header className="page-header page-header--center">
        <h1 className="page-title" data-testid="plans-heading">
          {groupName ? intl.formatMessage({ id: 'plans.heading' }, { group: groupName }) : <FormattedMessage id="plans.title" />}
        </h1>
        <p className="page-lead">{intro}</p>
      </header>
      <nav className="plan-tabs" aria-label={intl.formatMessage({ id: 'plans.groups' })}>
        <ul className="plan-tabs__list">
          {PLAN_GROUPS.map((g) => {
            const c = categories.data ? findCategoryForGroup(categories.data, g.path) : undefined;
            return (
              <li key={g.path}>
                <NavLink to={`/plans/${g.path}`} className="plan-tab">
                  <span className="color-dot" style={{ background: c ? categoryColorVar(c.slug) : 'var(--line)' }} aria-hidden="true" />
                  {c?.name ?? intl.formatMessage({ id: `plans.group.${g.path}` })}
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
