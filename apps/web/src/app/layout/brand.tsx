import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { usePublicDetails } from '../../lib/public-details';

/** The logo mark and company name, linking home. */
export function Brand() {
  const intl = useIntl();
  const { data } = usePublicDetails();
  const name = data?.companyName;
  return (
    <Link to="/" className="brand" aria-label={intl.formatMessage({ id: 'header.homeLabel' }, { name: name ?? '' }).trim()}>
      <svg className="brand__mark" width="36" height="36" viewBox="0 0 36 36" aria-hidden="true" focusable="false">
        <rect width="36" height="36" rx="10" fill="var(--color-primary)" />
        <path d="M8 22c3.5-6 6.5-6 10 0s6.5 6 10 0" fill="none" stroke="var(--color-yellow)" strokeWidth="3" strokeLinecap="round" />
        <path d="M8 15c3.5-6 6.5-6 10 0s6.5 6 10 0" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      </svg>
      {name ? <span className="brand__name">{name}</span> : null}
    </Link>
  );
}
