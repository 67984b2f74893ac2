import { FormattedMessage, useIntl } from 'react-intl';
import './pager.css';

/** Previous / next paging with "page x of y"; hidden when everything fits on one page. */
export function Pager({ page, pageSize, total, onPage }: { page: number; pageSize: number; total: number; onPage: (page: number) => void }) {
  const intl = useIntl();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={intl.formatMessage({ id: 'pager.label' })}>
      <button type="button" className="btn btn--outline btn--sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <FormattedMessage id="pager.previous" />
      </button>
      <span className="pager__status" aria-live="polite">
        <FormattedMessage id="pager.status" values={{ page: intl.formatNumber(page), pages: intl.formatNumber(pages) }} />
      </span>
      <button type="button" className="btn btn--outline btn--sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        <FormattedMessage id="pager.next" />
      </button>
    </nav>
  );
}
