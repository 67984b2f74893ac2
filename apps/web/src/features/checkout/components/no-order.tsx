import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';

/** A checkout page opened without an order in progress: say so and where to go. */
export function NoOrder({ titleId }: { titleId: string }) {
  return (
    <div className="container page checkout-page">
      <header className="page-header">
        <h1 className="page-title">
          <FormattedMessage id={titleId} />
        </h1>
      </header>
      <div className="empty-state" data-testid="no-order">
        <p>
          <FormattedMessage id="checkout.noOrder" />
        </p>
        <Link to="/plans" className="btn btn--primary">
          <FormattedMessage id="cart.browsePlans" />
        </Link>
      </div>
    </div>
  );
}
