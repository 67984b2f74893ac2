import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';

/** A dashboard page: breadcrumbs back to My Account, the title, and a load-failure notice with retry. */
export function DashboardFrame({
  titleId,
  title,
  lead,
  actions,
  error,
  onRetry,
  children,
}: {
  titleId: string;
  /** Overrides the title text (e.g. with an order number). */
  title?: string;
  lead?: ReactNode;
  actions?: ReactNode;
  error?: boolean;
  onRetry?: () => void;
  children: ReactNode;
}) {
  const intl = useIntl();
  const text = title ?? intl.formatMessage({ id: titleId });
  usePageTitle(text);
  return (
    <div className="container page dashboard-page">
      <nav aria-label={intl.formatMessage({ id: 'common.breadcrumbs' })} className="breadcrumbs no-print">
        <ol>
          <li>
            <Link to="/dashboard">
              <FormattedMessage id="page.dashboard.title" />
            </Link>
          </li>
          <li aria-current="page">{text}</li>
        </ol>
      </nav>
      <header className="page-header dashboard-page__header">
        <div>
          <h1 className="page-title">{text}</h1>
          {lead ? <p className="page-lead">{lead}</p> : null}
        </div>
        {actions ? <div className="dashboard-page__actions">{actions}</div> : null}
      </header>
      {error ? (
        <div className="notice notice--warning" role="alert">
          <p>
            <FormattedMessage id="dashboard.loadFailed" />
          </p>
          {onRetry ? (
            <button type="button" className="btn btn--outline btn--sm" onClick={onRetry}>
              <FormattedMessage id="dashboard.retry" />
            </button>
          ) : null}
        </div>
      ) : null}
      {children}
    </div>
  );
}
