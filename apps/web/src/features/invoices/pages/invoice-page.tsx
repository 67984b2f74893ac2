import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { Skeleton } from '../../../components/ui/skeleton';
import { isApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { usePageTitle } from '../../../lib/use-page-title';
import { useInvoice, type InvoiceSource } from '../api/invoices-api';
import { InvoiceActions, InvoiceView } from '../components/invoice-view';

/**
 * /invoice: `?token=` opens an invoice through its unguessable public link (visitors, e-mails);
 * `?id=` opens one of the signed-in subscriber's own invoices.
 */
export default function InvoicePage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'page.invoice.title' }));
  const [search] = useSearchParams();
  const { isAuth } = useSession();
  const token = search.get('token');
  const id = search.get('id');
  const source: InvoiceSource | null = token ? { token } : id && isAuth ? { id } : null;
  const invoice = useInvoice(source);
  const notFound = source === null || (invoice.isError && isApiError(invoice.error) && (invoice.error.status === 404 || invoice.error.status === 401));

  return (
    <div className="container page invoice-page">
      <header className="page-header no-print">
        <h1 className="page-title">
          <FormattedMessage id="page.invoice.title" />
        </h1>
      </header>
      {notFound ? (
        <div className="empty-state" role="alert" data-testid="invoice-not-found">
          <p>
            <FormattedMessage id="invoice.notFound" />
          </p>
          <p className="muted">
            <FormattedMessage id={isAuth ? 'invoice.notFoundHintSignedIn' : 'invoice.notFoundHint'} />
          </p>
          <Link to={isAuth ? '/dashboard/invoice' : '/auth/login'} className="btn btn--primary">
            <FormattedMessage id={isAuth ? 'invoice.backToList' : 'confirmation.signIn'} />
          </Link>
        </div>
      ) : invoice.data ? (
        <>
          <InvoiceActions invoice={invoice.data} />
          <InvoiceView invoice={invoice.data} />
        </>
      ) : invoice.isError ? (
        <div className="notice notice--warning" role="alert">
          <p>
            <FormattedMessage id="dashboard.loadFailed" />
          </p>
          <button type="button" className="btn btn--outline btn--sm" onClick={() => void invoice.refetch()}>
            <FormattedMessage id="dashboard.retry" />
          </button>
        </div>
      ) : (
        <div className="invoice" aria-busy="true">
          <Skeleton className="skeleton-heading" />
          <Skeleton lines={6} />
        </div>
      )}
    </div>
  );
}
