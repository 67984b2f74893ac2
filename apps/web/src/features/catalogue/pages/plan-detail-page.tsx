import { useMemo, type CSSProperties, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { addOnsForPlans } from '@app/shared/rules/add-on';
import {
  categoryPath as categoryAddress,
  findCategoryByRouteName,
  findCategoryForGroup,
  findPlanBySlug,
  planPath,
  simKind,
  simVariants,
} from '@app/shared/rules/catalogue';
import { categoryColorVar } from '@app/shared/rules/category-color';
import { useStructuredData } from '../../../lib/head';
import { useMetaDescription } from '../../../lib/use-meta-description';
import { DEFAULT_CURRENCY, usePublicDetails } from '../../../lib/public-details';
import { usePageTitle } from '../../../lib/use-page-title';
import { CheckIcon, GlobeIcon, PhoneIcon } from '../../../components/ui/icons';
import { Skeleton } from '../../../components/ui/skeleton';
import { useActiveAddOns } from '../api/get-add-ons';
import { useVisibleCategories } from '../api/get-plan-categories';
import { usePricesByPlan } from '../api/get-plan-pricing';
import { AddOnCard } from '../components/add-on-card';
import { PlanPrices } from '../components/plan-prices';
import { SimBadge } from '../components/sim-badge';
import { usePlanFacts } from '../components/use-plan-facts';
import '../catalogue.css';

/**
 * /plan/:name/:plan — one plan on its own stable page (`planPath`): allowances, validity, what is
 * included, international and roaming terms, SIM or eSIM, prices with add to cart, and the add-ons
 * that fit it. `notFound` renders when the slug names no plan of the category (the route decides
 * what that means: the unknown-path rule may treat the segment as a reseller code).
 */
export default function PlanDetailPage({ notFound }: { notFound: () => ReactNode }) {
  const intl = useIntl();
  const { name = '', plan: slug = '' } = useParams();
  const categories = useVisibleCategories();
  const category = categories.data ? findCategoryByRouteName(categories.data, name) : undefined;
  const plan = category ? findPlanBySlug(category.plans, slug) : undefined;
  usePageTitle(plan ? intl.formatMessage({ id: 'planDetail.title' }, { plan: plan.name }) : undefined);
  useMetaDescription(plan?.description || undefined);

  if (categories.isPending) {
    return (
      <div className="container page" aria-busy="true">
        <h1 className="visually-hidden">
          <FormattedMessage id="planDetail.details" />
        </h1>
        <Skeleton className="skeleton-heading" lines={3} />
      </div>
    );
  }
  if (categories.isError) {
    return (
      <div className="container page empty-state">
        <h1 className="page-title">
          <FormattedMessage id="catalogue.loadErrorTitle" />
        </h1>
        <p>
          <FormattedMessage id="catalogue.loadError" />
        </p>
      </div>
    );
  }
  if (!category || !plan) return <>{notFound()}</>;
  return <PlanDetail category={category} plan={plan} />;
}

type Category = NonNullable<ReturnType<typeof useVisibleCategories>['data']>[number];
type PlanOf = Category['plans'][number];

function PlanDetail({ category, plan }: { category: Category; plan: PlanOf }) {
  const intl = useIntl();
  const facts = usePlanFacts(plan);
  const prices = usePricesByPlan();
  const addOns = useActiveAddOns();
  const planPrices = useMemo(() => prices.data?.get(plan.id) ?? [], [prices.data, plan.id]);
  const fitting = addOnsForPlans(addOns.data ?? [], [plan.id]).filter((a) => a.kind !== null);
  const variants = simVariants(category.plans, plan);
  const isRoaming = findCategoryForGroup([category], 'roaming') !== undefined;
  const accent = categoryColorVar(category.slug);
  const categoryPath = categoryAddress(category);
  const details = usePublicDetails().data;
  // schema.org Product with an Offer per price on sale, for search results (server HTML only).
  useStructuredData(
    useMemo(
      () =>
        planPrices.length === 0
          ? undefined
          : {
              '@context': 'https://schema.org',
              '@type': 'Product',
              name: plan.name,
              description: plan.description || undefined,
              sku: plan.id,
              category: category.name,
              ...(details?.companyName ? { brand: { '@type': 'Brand', name: details.companyName } } : {}),
              offers: planPrices.map((p) => ({
                '@type': 'Offer',
                price: (p.price / 100).toFixed(2),
                priceCurrency: details?.currency ?? DEFAULT_CURRENCY,
                availability: 'https://schema.org/InStock',
                eligibleDuration: { '@type': 'QuantitativeValue', value: p.periodDays, unitCode: 'DAY' },
              })),
            },
      [plan, category.name, planPrices, details],
    ),
  );

  return (
    <div className="container page" style={{ '--accent': accent } as CSSProperties}>
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
          <li>
            <Link to={categoryPath}>{category.name}</Link>
          </li>
          <li aria-current="page">{plan.name}</li>
        </ol>
      </nav>

      <header className="page-header">
        <SimBadge plan={plan} />
        <h1 className="page-title" data-testid="plan-title">
          {plan.name}
        </h1>
        {plan.description ? <p className="page-lead">{plan.description}</p> : null}
      </header>

      <div className="plan-detail">
        <div>
          <section className="plan-detail__section" aria-labelledby="plan-allowances">
            <h2 id="plan-allowances" className="section-title section-title--sm">
              <FormattedMessage id="planDetail.allowances" />
            </h2>
            <dl className="plan-detail__facts">
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
          </section>

          <section className="plan-detail__section" aria-labelledby="plan-included">
            <h2 id="plan-included" className="section-title section-title--sm">
              <FormattedMessage id="planDetail.included" />
            </h2>
            <ul className="plan-card__perks">
              <li>
                <CheckIcon size={16} />
                <FormattedMessage id="plan.perk.network" />
              </li>
              <li>
                <CheckIcon size={16} />
                <FormattedMessage id="plan.perk.wifiCalling" />
              </li>
              <li>
                <CheckIcon size={16} />
                <FormattedMessage id="planDetail.perk.noContract" />
              </li>
            </ul>
            <p className="muted">
              <FormattedMessage id="plan.note.fairUse" />
            </p>
          </section>

          <section className="plan-detail__section" aria-labelledby="plan-intl">
            <h2 id="plan-intl" className="section-title section-title--sm">
              <FormattedMessage id="planDetail.intl.title" />
            </h2>
            <ul className="plan-card__perks">
              {plan.unlimitedInternationalCalls ? (
                <li>
                  <PhoneIcon size={16} />
                  <FormattedMessage id="planDetail.intl.unlimited" />
                </li>
              ) : null}
              {plan.internationalMinutes > 0 ? (
                <li>
                  <GlobeIcon size={16} />
                  <FormattedMessage id="planDetail.intl.minutes" values={{ n: plan.internationalMinutes }} />
                </li>
              ) : null}
            </ul>
            <p>
              <FormattedMessage
                id="planDetail.intl.rates"
                values={{ link: (chunks) => <Link key="rates" to="/international-rate">{chunks}</Link> }}
              />
            </p>
            <p>
              {isRoaming ? (
                <FormattedMessage id="planDetail.roaming.included" />
              ) : (
                <FormattedMessage
                  id="planDetail.roaming.none"
                  values={{ link: (chunks) => <Link key="roaming" to="/plans/roaming">{chunks}</Link> }}
                />
              )}
            </p>
          </section>
        </div>

        <aside className="plan-detail__buy" aria-labelledby="plan-buy">
          <h2 id="plan-buy" className="section-title section-title--sm">
            <FormattedMessage id="planDetail.simChoice" />
          </h2>
          {variants.length > 1 ? (
            <>
              <p className="muted">
                <FormattedMessage id="planDetail.simChoiceHelp" />
              </p>
              <ul className="sim-choice" data-testid="sim-choice">
                {variants.map((v) => (
                  <li key={v.id}>
                    <Link
                      to={planPath(category, v)}
                      className={`plan-tab${v.id === plan.id ? ' active' : ''}`}
                      aria-current={v.id === plan.id ? 'page' : undefined}
                    >
                      <FormattedMessage id={simKind(v) === 'physical' ? 'plan.sim.physical' : 'plan.sim.esim'} />
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p>
              <FormattedMessage id={simKind(plan) === 'physical' ? 'planDetail.simOnly.physical' : 'planDetail.simOnly.esim'} />
            </p>
          )}

          <h2 className="section-title section-title--sm" style={{ marginTop: '1.5rem' }}>
            <FormattedMessage id="planDetail.prices" />
          </h2>
          <PlanPrices plan={plan} prices={planPrices} pending={prices.isPending} failed={prices.isError} />
        </aside>
      </div>

      {fitting.length > 0 ? (
        <section className="addons" aria-labelledby="plan-addons">
          <h2 id="plan-addons" className="section-title section-title--sm">
            <FormattedMessage id="planDetail.addOns" />
          </h2>
          <p className="section-lead">
            <FormattedMessage id="addon.lead" />
          </p>
          <ul className="addon-list">
            {fitting.map((addOn) => (
              <AddOnCard key={addOn.id} addOn={addOn} categoryId={category.id} />
            ))}
          </ul>
        </section>
      ) : null}

      <p>
        <Link to={categoryPath} className="btn btn--outline">
          <FormattedMessage id="planDetail.backToCategory" values={{ category: category.name }} />
        </Link>
      </p>
    </div>
  );
}
