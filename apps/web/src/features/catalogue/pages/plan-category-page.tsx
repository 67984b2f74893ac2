import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { findCategoryByRouteName } from '@app/shared/rules/catalogue';
import { useMetaDescription } from '../../../lib/use-meta-description';
import { usePageTitle } from '../../../lib/use-page-title';
import { Skeleton } from '../../../components/ui/skeleton';
import { useVisibleCategories } from '../api/get-plan-categories';
import { CategoryHeader } from '../components/category-header';
import { CategoryPlans, PlanGridSkeleton } from '../components/category-plans';

/** /plan/:name — the category whose lower-cased name is `name`, with its plans (spec §2). */
export default function PlanCategoryPage() {
  const intl = useIntl();
  const { name = '' } = useParams();
  const categories = useVisibleCategories();
  const category = categories.data ? findCategoryByRouteName(categories.data, name) : undefined;
  usePageTitle(category ? intl.formatMessage({ id: 'plans.pageTitle' }, { group: category.name }) : intl.formatMessage({ id: 'nav.plans' }));
  useMetaDescription(category?.description || undefined);

  return (
    <div className="container page">
      <nav className="breadcrumbs" aria-label={intl.formatMessage({ id: 'common.breadcrumbs' })}>
        <ol>
          <li>
            <Link to="/">
              <FormattedMessage id="nav.home" />
            </Link>
          </li>
          <li>
            <Link to="/plans">
              <FormattedMessage id="nav.plans" />
            </Link>
          </li>
          {category ? <li aria-current="page">{category.name}</li> : null}
        </ol>
      </nav>

      {categories.isPending ? (
        <div aria-busy="true">
          <h1 className="visually-hidden">
            <FormattedMessage id="nav.plans" />
          </h1>
          <Skeleton className="skeleton-heading" lines={2} />
          <PlanGridSkeleton />
        </div>
      ) : category ? (
        <>
          <CategoryHeader name={category.name} slug={category.slug} description={category.description} level={1} />
          <CategoryPlans category={category} withHeading />
        </>
      ) : (
        <div className="empty-state">
          <h1 className="page-title">
            <FormattedMessage id={categories.isError ? 'catalogue.loadErrorTitle' : 'catalogue.notFoundTitle'} />
          </h1>
          <p>
            <FormattedMessage id={categories.isError ? 'catalogue.loadError' : 'catalogue.notFound'} values={{ name }} />
          </p>
          <Link to="/plans" className="btn btn--primary">
            <FormattedMessage id="catalogue.seeAllPlans" />
          </Link>
        </div>
      )}
    </div>
  );
}
