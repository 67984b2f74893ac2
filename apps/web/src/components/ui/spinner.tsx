import { useIntl } from 'react-intl';

/** A busy indicator that screen readers announce once, with a translated label. */
export function Spinner({ label, size = 'md' }: { label?: string; size?: 'sm' | 'md' | 'lg' }) {
  const intl = useIntl();
  return (
    <span className={`spinner spinner--${size}`} role="status" aria-live="polite">
      <span className="spinner__ring" aria-hidden="true" />
      <span className="visually-hidden">{label ?? intl.formatMessage({ id: 'common.loading' })}</span>
    </span>
  );
}

/** A page-sized loading state used while a route's code or data arrives. */
export function PageLoading() {
  return (
    <div className="page-loading" aria-busy="true">
      <Spinner size="lg" />
    </div>
  );
}
