import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title';
import '../content.css';

/** The 404 page with the spec's wording (§8). */
export default function NotFoundPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'notFound.code' }));
  return (
    <div className="container page status-page">
      <p className="status-page__eyebrow">
        <FormattedMessage id="notFound.code" />
      </p>
      <h1 className="status-page__title">
        <FormattedMessage id="notFound.title" />
      </h1>
      <p className="status-page__lead">
        <FormattedMessage id="notFound.lost" />
      </p>
      <p className="status-page__text">
        <FormattedMessage id="notFound.text" />
      </p>
      <Link to="/" className="btn btn--primary">
        <FormattedMessage id="notFound.home" />
      </Link>
    </div>
  );
}
