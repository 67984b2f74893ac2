import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title';
import '../content.css';

/**
 * Where the app sends visitors after an unrecoverable failure (/error-page), and what a crashed route
 * shows. `onRetry` reloads, which also fetches code that changed with a new release.
 */
export default function ErrorPage({ onRetry }: { onRetry?: () => void }) {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'errorPage.title' }));
  return (
    <div className="container page status-page">
      <p className="status-page__eyebrow">
        <FormattedMessage id="errorPage.eyebrow" />
      </p>
      <h1 className="status-page__title">
        <FormattedMessage id="errorPage.title" />
      </h1>
      <p className="status-page__text">
        <FormattedMessage id="errorPage.text" />
      </p>
      <div className="status-page__actions">
        <button type="button" className="btn btn--primary" onClick={onRetry ?? (() => window.location.reload())}>
          <FormattedMessage id="errorPage.retry" />
        </button>
        <Link to="/" className="btn btn--outline">
          <FormattedMessage id="errorPage.home" />
        </Link>
      </div>
    </div>
  );
}
