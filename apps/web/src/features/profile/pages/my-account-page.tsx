import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { PageLoading } from '../../../components/ui/spinner';
import { signOut } from '../../../lib/sign-out';
import { useFormatMoney } from '../../../lib/use-format-money';
import { usePageTitle } from '../../../lib/use-page-title';
import { useRegionName } from '../../../lib/use-region-names';
import { useProfile } from '../api/get-profile';
import '../profile.css';
import { formatPhoneNumber } from '../../../lib/calling-codes';

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

/** /dashboard: My Account — a greeting, the balance, the profile at a glance and the way to each section. */
export default function MyAccountPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const title = intl.formatMessage({ id: 'page.dashboard.title' });
  usePageTitle(title);
  const formatMoney = useFormatMoney();
  const regionName = useRegionName();
  const { data: profile, isError, refetch } = useProfile();

  const notSet = <span className="muted">{intl.formatMessage({ id: 'dashboard.notSet' })}</span>;

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

      {profile ? (
        <div className="dashboard-summary">
          <section className="profile-card dashboard-balance" aria-labelledby="dashboard-balance-title">
            <h2 id="dashboard-balance-title" className="profile-section__title">
              <FormattedMessage id="profile.payment.balance" />
            </h2>
            <p className="profile-balance" data-testid="dashboard-balance">
              {formatMoney(profile.balance)}
            </p>
            <Link className="text-link" to="/dashboard/my-profile">
              <FormattedMessage id="dashboard.paymentSettings" />
            </Link>
          </section>
          <section className="profile-card" aria-labelledby="dashboard-profile-title">
            <h2 id="dashboard-profile-title" className="profile-section__title">
              <FormattedMessage id="profile.details.title" />
            </h2>
            <dl className="profile-facts">
              <div>
                <dt>
                  <FormattedMessage id="dashboard.name" />
                </dt>
                <dd>{`${profile.firstName} ${profile.lastName}`.trim() || notSet}</dd>
              </div>
              <div>
                <dt>
                  <FormattedMessage id="form.email" />
                </dt>
                <dd className="profile-email">{profile.email}</dd>
              </div>
              <div>
                <dt>
                  <FormattedMessage id="form.phone" />
                </dt>
                <dd dir="ltr">{profile.phone ? formatPhoneNumber(profile.phone) : notSet}</dd>
              </div>
              <div>
                <dt>
                  <FormattedMessage id="form.country" />
                </dt>
                <dd>{profile.country ? regionName(profile.country) : notSet}</dd>
              </div>
              <div>
                <dt>
                  <FormattedMessage id="dashboard.memberSince" />
                </dt>
                <dd>
                  <FormattedDate value={profile.createdAt} dateStyle="long" />
                </dd>
              </div>
            </dl>
            <Link className="text-link" to="/dashboard/my-profile">
              <FormattedMessage id="dashboard.editProfile" />
            </Link>
          </section>
        </div>
      ) : isError ? (
        <div className="notice notice--warning" role="alert">
          <p>
            <FormattedMessage id="dashboard.loadFailed" />
          </p>
          <button type="button" className="btn btn--outline btn--sm" onClick={() => void refetch()}>
            <FormattedMessage id="dashboard.retry" />
          </button>
        </div>
      ) : (
        <PageLoading />
      )}

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
