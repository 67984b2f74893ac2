import type { ReactNode } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import type { Order } from '@app/shared/contracts/orders';
import type { Sim } from '@app/shared/contracts/sims';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';
import { SimStatusBadge } from '../../../components/ui/sim-status-badge';
import { Skeleton } from '../../../components/ui/skeleton';
import { useFormatPhone, useLtrText } from '../../../lib/use-format-phone';
import { signOut } from '../../../lib/sign-out';
import { useFormatMoney } from '../../../lib/use-format-money';
import { usePageTitle } from '../../../lib/use-page-title';
import { useRegionName } from '../../../lib/use-region-names';
import { useProfile } from '../api/get-profile';
import { useOverviewOrders, useOverviewSims, useOverviewTransactions } from '../api/overview-api';
import { simActionHref, simExpiresAt, simNextAction, sortBySoonestExpiry } from '../sim-next-action';
import '../profile.css';
import '../overview.css';

/** Orders a customer is still waiting on (spec §4 order flow): not yet delivered, canceled or refunded. */
const IN_PROGRESS: ReadonlySet<Order['status']> = new Set(['pending', 'unpaid', 'paid', 'processing', 'shipped']);
/** How many in-progress orders the overview lists before pointing to the full page. */
const ORDERS_SHOWN = 5;

/** The dashboard's sections (spec §2), each with what it is for. */
const SECTIONS = [
  { to: '/dashboard/sim', titleId: 'page.dashboard.sim.title', textId: 'dashboard.section.sim' },
  { to: '/dashboard/usage', titleId: 'page.dashboard.usage.title', textId: 'dashboard.section.usage' },
  { to: '/dashboard/payment', titleId: 'page.dashboard.payment.title', textId: 'dashboard.section.payment' },
  { to: '/dashboard/invoice', titleId: 'page.dashboard.invoice.title', textId: 'dashboard.section.invoice' },
  { to: '/dashboard/order-status', titleId: 'page.dashboard.orderStatus.title', textId: 'dashboard.section.orders' },
  { to: '/dashboard/transaction', titleId: 'page.dashboard.transaction.title', textId: 'dashboard.section.transactions' },
  { to: '/dashboard/add-ons', titleId: 'page.dashboard.addOns.title', textId: 'dashboard.section.addOns' },
  { to: '/dashboard/port-in', titleId: 'page.dashboard.portIn.title', textId: 'dashboard.section.portIn' },
  { to: '/dashboard/my-profile', titleId: 'page.dashboard.profile.title', textId: 'dashboard.section.profile' },
] as const;

/**
 * /dashboard: My Account. The balance with its latest movements, the SIMs (soonest expiry first) with
 * the one action each most likely needs, the orders still in progress, the referral code with the
 * credit it earned (`referral`, composed by the route from the affiliate feature), and the profile
 * at a glance. Each section loads on its own (skeleton, then the
 * content, an empty state saying what to do next, or a retry) and links to its full page.
 */
export default function MyAccountPage({ referral }: { referral?: ReactNode }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const title = intl.formatMessage({ id: 'page.dashboard.title' });
  usePageTitle(title);
  const { data: profile } = useProfile();

  return (
    <div className="container page dashboard-page">
      <header className="page-header dashboard-header">
        <div>
          <h1 className="page-title">{title}</h1>
          {profile ? (
            <p className="page-lead">
              {profile.firstName ? (
                <FormattedMessage id="dashboard.greeting" values={{ name: profile.firstName }} />
              ) : (
                <FormattedMessage id="dashboard.greetingNoName" />
              )}
            </p>
          ) : null}
        </div>
        <button
          type="button"
          className="btn btn--outline btn--sm"
          onClick={() => {
            // Spec §4: signing out anywhere but the header or drawer leads to the login page.
            void navigate('/auth/login', { replace: true });
            signOut();
          }}
        >
          <FormattedMessage id="dashboard.logout" />
        </button>
      </header>

      <div className="overview-grid">
        <BalanceSection />
        <SimsSection />
        <OrdersSection />
        {referral}
        <ProfileSection />
      </div>

      <section className="dashboard-sections" aria-labelledby="dashboard-sections-title">
        <h2 id="dashboard-sections-title" className="section-title section-title--sm">
          <FormattedMessage id="dashboard.sections" />
        </h2>
        <ul className="dashboard-links">
          {SECTIONS.map((s) => (
            <li key={s.to}>
              <Link className="dashboard-link" to={s.to}>
                <span className="dashboard-link__title">
                  <FormattedMessage id={s.titleId} />
                </span>
                <span className="dashboard-link__text">
                  <FormattedMessage id={s.textId} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** One overview section: a titled card with a link to its full page, and its loading/error states. */
function OverviewCard({
  id,
  titleId,
  more,
  className = '',
  query,
  children,
}: {
  id: string;
  titleId: string;
  more: { to: string; labelId: string };
  className?: string;
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  children: ReactNode;
}) {
  const titleElementId = `overview-${id}-title`;
  return (
    <section className={`overview-card ${className}`.trim()} aria-labelledby={titleElementId} data-testid={`overview-${id}`}>
      <div className="overview-card__head">
        <h2 id={titleElementId} className="profile-section__title">
          <FormattedMessage id={titleId} />
        </h2>
        <Link className="text-link overview-card__more" to={more.to}>
          <FormattedMessage id={more.labelId} />
        </Link>
      </div>
      {query.isPending ? (
        <div aria-busy="true">
          <Skeleton lines={3} />
        </div>
      ) : query.isError ? (
        <div className="notice notice--warning" role="alert">
          <p>
            <FormattedMessage id="overview.loadFailed" />
          </p>
          <button type="button" className="btn btn--outline btn--sm" onClick={() => void query.refetch()}>
            <FormattedMessage id="common.retry" />
          </button>
        </div>
      ) : (
        children
      )}
    </section>
  );
}

function BalanceSection() {
  const money = useFormatMoney();
  const list = useOverviewTransactions();
  const data = list.data;
  return (
    <OverviewCard id="balance" titleId="profile.payment.balance" more={{ to: '/dashboard/transaction', labelId: 'overview.balance.all' }} query={list}>
      {data ? (
        <>
          <p className="profile-balance" data-testid="dashboard-balance">
            {money(data.balance)}
          </p>
          {data.data.length === 0 ? (
            <p className="overview-empty" data-testid="overview-balance-empty">
              <FormattedMessage id="overview.balance.empty" />
            </p>
          ) : (
            <>
              <h3 className="overview-card__subtitle">
                <FormattedMessage id="overview.balance.latest" />
              </h3>
              <ul className="overview-list">
                {data.data.map((t) => (
                  <li key={t.id} className="overview-row" data-testid="overview-transaction">
                    <span className="overview-row__main">
                      <span className="overview-row__title">{t.description}</span>
                      <span className="overview-row__meta">
                        <FormattedDate value={t.createdAt} dateStyle="medium" /> · <FormattedMessage id={`money.reason.${t.reason}`} />
                      </span>
                    </span>
                    <span className={`overview-row__amount ${t.type === 'credit' ? 'money-credit' : 'money-debit'}`}>
                      {money(t.type === 'debit' ? -t.amount : t.amount)}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      ) : null}
    </OverviewCard>
  );
}

function SimsSection() {
  const list = useOverviewSims();
  const sims = list.data ? sortBySoonestExpiry(list.data.data) : [];
  return (
    <OverviewCard
      id="sims"
      titleId="overview.sims.title"
      more={{ to: '/dashboard/sim', labelId: 'overview.sims.all' }}
      className="overview-card--wide"
      query={list}
    >
      {sims.length === 0 ? (
        <div className="overview-empty" data-testid="overview-sims-empty">
          <p>
            <FormattedMessage id="overview.sims.empty" />
          </p>
          <Link to="/plans" className="btn btn--primary">
            <FormattedMessage id="overview.sims.buyFirst" />
          </Link>
        </div>
      ) : (
        <ul className="overview-list">
          {sims.map((sim) => (
            <SimRow key={sim.id} sim={sim} />
          ))}
        </ul>
      )}
    </OverviewCard>
  );
}

function SimRow({ sim }: { sim: Sim }) {
  const intl = useIntl();
  const formatPhone = useFormatPhone();
  const ltr = useLtrText();
  const action = simNextAction(sim);
  const expiresAt = simExpiresAt(sim);
  const expired = action === 'renew' && expiresAt !== null && Date.parse(expiresAt) <= Date.now();
  const plan = sim.simSubscription.planSubscription?.plan ?? sim.simPlan;
  const name = sim.mdn
    ? formatPhone(sim.mdn)
    : intl.formatMessage({ id: 'overview.sims.iccid' }, { digits: ltr(sim.iccid.slice(-4)) });
  const kind = intl.formatMessage({ id: sim.kind === 'esim' ? 'plan.sim.esim' : 'plan.sim.physical' });
  return (
    <li className="overview-row overview-sim" data-testid="overview-sim" data-sim={sim.iccid}>
      <span className="overview-row__main">
        <span className="overview-row__title">
          {name}
        </span>
        <span className="overview-row__meta">
          {kind}
          {plan ? ` · ${plan.name}` : ''}
          {' · '}
          <span data-testid="overview-sim-expiry">
            {expiresAt ? (
              <FormattedMessage
                id={expired ? 'overview.sims.expired' : 'overview.sims.expires'}
                values={{ date: intl.formatDate(expiresAt, { dateStyle: 'medium' }) }}
              />
            ) : (
              <FormattedMessage id="overview.sims.notStarted" />
            )}
          </span>
        </span>
      </span>
      <span className="overview-row__side">
        <SimStatusBadge status={sim.status.status} />
        {action ? (
          <Link className="btn btn--outline btn--sm" to={simActionHref(sim, action)} data-testid="overview-sim-action" data-action={action}>
            <FormattedMessage id={`overview.sims.action.${action}`} />
            <span className="visually-hidden"> {name}</span>
          </Link>
        ) : (
          <span className="overview-row__meta">
            <FormattedMessage id="overview.sims.pending" />
          </span>
        )}
      </span>
    </li>
  );
}

function OrdersSection() {
  const money = useFormatMoney();
  const intl = useIntl();
  const list = useOverviewOrders();
  const orders = (list.data?.data ?? []).filter((o) => IN_PROGRESS.has(o.status)).slice(0, ORDERS_SHOWN);
  return (
    <OverviewCard id="orders" titleId="overview.orders.title" more={{ to: '/dashboard/order-status', labelId: 'overview.orders.all' }} query={list}>
      {orders.length === 0 ? (
        <div className="overview-empty" data-testid="overview-orders-empty">
          <p>
            <FormattedMessage id="overview.orders.empty" />
          </p>
        </div>
      ) : (
        <ul className="overview-list">
          {orders.map((order) => (
            <li key={order.id} className="overview-row" data-testid="overview-order">
              <span className="overview-row__main">
                <Link className="overview-row__title text-link" to={`/dashboard/order-view/${order.id}`}>
                  <span className="visually-hidden">{intl.formatMessage({ id: 'overview.orders.view' })} </span>
                  {order.number}
                </Link>
                <span className="overview-row__meta">
                  <FormattedDate value={order.createdAt} dateStyle="medium" /> · {order.description}
                </span>
              </span>
              <span className="overview-row__side">
                <span className="overview-row__amount">{money(order.total)}</span>
                <OrderStatusBadge status={order.status} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </OverviewCard>
  );
}

function ProfileSection() {
  const intl = useIntl();
  const formatPhone = useFormatPhone();
  const regionName = useRegionName();
  const profile = useProfile();
  const data = profile.data;
  const notSet = <span className="muted">{intl.formatMessage({ id: 'dashboard.notSet' })}</span>;
  return (
    <OverviewCard id="profile" titleId="profile.details.title" more={{ to: '/dashboard/my-profile', labelId: 'dashboard.editProfile' }} query={profile}>
      {data ? (
        <dl className="profile-facts">
          <div>
            <dt>
              <FormattedMessage id="dashboard.name" />
            </dt>
            <dd>{`${data.firstName} ${data.lastName}`.trim() || notSet}</dd>
          </div>
          <div>
            <dt>
              <FormattedMessage id="form.email" />
            </dt>
            <dd className="profile-email">{data.email}</dd>
          </div>
          <div>
            <dt>
              <FormattedMessage id="form.phone" />
            </dt>
            <dd>{data.phone ? formatPhone(data.phone) : notSet}</dd>
          </div>
          <div>
            <dt>
              <FormattedMessage id="form.country" />
            </dt>
            <dd>{data.country ? regionName(data.country) : notSet}</dd>
          </div>
          <div>
            <dt>
              <FormattedMessage id="dashboard.memberSince" />
            </dt>
            <dd>
              <FormattedDate value={data.createdAt} dateStyle="long" />
            </dd>
          </div>
        </dl>
      ) : null}
    </OverviewCard>
  );
}
