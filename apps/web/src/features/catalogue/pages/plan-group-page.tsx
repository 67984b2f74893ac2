import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useMatches } from 'react-router';
import { findCategoryForGroup, type PlanGroupPath } from '@app/shared/rules/catalogue';
import { usePageTitle } from '../../../lib/use-page-title';
import { useVisibleCategories } from '../api/get-plan-categories';
import { CategoryHeader } from '../components/category-header';
import { CategoryPlans, PlanGridSkeleton } from '../components/category-plans';

/** One tab of /plans: the category standing for the group (paygo, tourist, …). */
export default function PlanGroupPage() {
  const intl = useIntl();
  const matches = useMatches();
  const group = (matches[matches.length - 1]?.handle as { group?: PlanGroupPath } | undefined)?.group ?? 'paygo';
  const categories = useVisibleCategories();
  const category = categories.data ? findCategoryForGroup(categories.data, group) : undefined;
  const groupName = category?.name ?? intl.formatMessage({ id: `plans.group.${group}` });
  usePageTitle(intl.formatMessage({ id: 'plans.pageTitle' }, { group: groupName }));

  if (categories.isPending) return <PlanGridSkeleton />;
  if (!category) {
    return (
      <div className="empty-state">
        <h2 className="section-title">{groupName}</h2>
        <p>
          <FormattedMessage id={categories.isError ? 'catalogue.loadError' : 'plans.groupEmpty'} />
        </p>
        <Link to="/plans/paygo" className="btn btn--primary">
          <FormattedMessage id="plans.seePaygo" />
        </Link>
      </div>
    );
  }
  return (
    <section aria-labelledby="plan-group-heading">
      <CategoryHeader name={category.name} slug={category.slug} description={category.description} level={2} id="plan-group-heading" />
      <CategoryPlans category={category} />
    </section>
  );
}
