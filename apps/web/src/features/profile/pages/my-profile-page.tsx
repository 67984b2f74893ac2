import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { PageLoading } from '../../../components/ui/spinner';
import { usePageTitle } from '../../../lib/use-page-title';
import { useProfile } from '../api/get-profile';
import { PaymentTab } from '../components/payment-tab';
import { PersonalDetailsForm } from '../components/personal-details-form';
import { SecurityTab } from '../components/security-tab';
import { Tabs } from '../components/tabs';
import '../profile.css';

const TABS = ['payment', 'security'] as const;
type TabId = (typeof TABS)[number];

/** /dashboard/my-profile: personal details, then the Payment and Security tabs (spec §2). */
export default function MyProfilePage({ cardsSection }: { cardsSection?: ReactNode } = {}) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'page.dashboard.profile.title' });
  usePageTitle(title);
  const { data: profile, isError, refetch } = useProfile();
  const [search, setSearch] = useSearchParams();
  const wanted = search.get('tab');
  // The tab lives in the URL so a link (or a reload) opens the same one.
  const active: TabId = TABS.includes(wanted as TabId) ? (wanted as TabId) : 'payment';

  return (
    <div className="container page dashboard-page">
      <nav aria-label={intl.formatMessage({ id: 'common.breadcrumbs' })} className="breadcrumbs">
        <ol>
          <li>
            <Link to="/dashboard">
              <FormattedMessage id="page.dashboard.title" />
            </Link>
          </li>
          <li aria-current="page">{title}</li>
        </ol>
      </nav>
      <header className="page-header">
        <h1 className="page-title">{title}</h1>
        {profile ? <p className="page-lead profile-email">{profile.email}</p> : null}
      </header>
      {profile ? (
        <>
          <section className="profile-card" aria-labelledby="profile-details-title">
            <h2 id="profile-details-title" className="section-title section-title--sm">
              <FormattedMessage id="profile.details.title" />
            </h2>
            <PersonalDetailsForm key={profile.id} profile={profile} />
          </section>
          <section className="profile-card" aria-label={intl.formatMessage({ id: 'profile.tabs.label' })}>
            <Tabs
              label={intl.formatMessage({ id: 'profile.tabs.label' })}
              tabs={TABS.map((id) => ({ id, label: <FormattedMessage id={`profile.tabs.${id}`} /> }))}
              active={active}
              onChange={(id) => setSearch(id === 'payment' ? {} : { tab: id }, { replace: true, preventScrollReset: true })}
            >
              {active === 'payment' ? <PaymentTab profile={profile} cardsSection={cardsSection} /> : <SecurityTab profile={profile} />}
            </Tabs>
          </section>
        </>
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
    </div>
  );
}
