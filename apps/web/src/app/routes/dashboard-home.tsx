import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { AffiliateCodeCard } from '../../features/affiliate/components/affiliate-code-card';
import MyAccountPage from '../../features/profile/pages/my-account-page';

/** /dashboard: the account overview, with the subscriber's affiliate code and the credit it earned. */
export default function DashboardHomeRoute() {
  return (
    <MyAccountPage
      referral={
        <AffiliateCodeCard className="overview-card overview-referral">
          <Link className="text-link overview-card__more" to="/affiliate-program">
            <FormattedMessage id="overview.referral.more" />
          </Link>
        </AffiliateCodeCard>
      }
    />
  );
}
