import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { usePublicDetails } from '../../../lib/public-details';
import type { ProseValues } from './prose';
import { useFormatPhone } from '../../../lib/use-format-phone';

/**
 * Company details from public_details as message values, so legal text names the real operator.
 * `ready` is false while they load; on failure generic wording stands in.
 */
export function useCompanyValues(): { values: ProseValues; ready: boolean } {
  const intl = useIntl();
  const formatPhone = useFormatPhone();
  const { data, isPending } = usePublicDetails();
  const company = data?.companyName ?? intl.formatMessage({ id: 'common.companyFallback' });
  const contactEmail = data?.contactEmail;
  return {
    ready: !isPending,
    values: {
      company,
      address: data?.address ?? '—',
      phone: data?.phone ? formatPhone(data.phone) : '—',
      email: contactEmail ? <a href={`mailto:${contactEmail}`}>{contactEmail}</a> : intl.formatMessage({ id: 'common.supportTeam' }),
      salesEmail: data?.salesEmail ? <a href={`mailto:${data.salesEmail}`}>{data.salesEmail}</a> : intl.formatMessage({ id: 'common.supportTeam' }),
      b: (chunks: ReactNode[]) => <strong>{chunks}</strong>,
      refund: (chunks: ReactNode[]) => <Link to="/refund-policy">{chunks}</Link>,
      privacy: (chunks: ReactNode[]) => <Link to="/privacy-policy">{chunks}</Link>,
      shipping: (chunks: ReactNode[]) => <Link to="/shipping-fee">{chunks}</Link>,
      deletion: (chunks: ReactNode[]) => <Link to="/delete-account-policy">{chunks}</Link>,
      affiliate: (chunks: ReactNode[]) => <Link to="/affiliate-program">{chunks}</Link>,
      profile: (chunks: ReactNode[]) => <Link to="/dashboard/my-profile">{chunks}</Link>,
    },
  };
}
