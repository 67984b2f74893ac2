import { FormattedMessage, useIntl } from 'react-intl';
import type { LineType, Quote } from '@app/shared/contracts/checkout';
import { formatMoney } from '../../../lib/use-format-money';

/** Line types whose name is ours to word (the server names products in English; plans and add-ons keep their catalogue names). */
const WORDED: readonly LineType[] = ['sim_card', 'sim_reorder', 'top_up'];

/**
 * The quote's lines and totals exactly as the server priced them (nothing is added up here).
 * `labels` words lines the page knows better than the server's English name (an eSIM reissue…).
 */
export function QuoteSummary({ quote, labels }: { quote: Quote; labels?: Partial<Record<LineType, string>> }) {
  const intl = useIntl();
  const money = (cents: number) => formatMoney(cents, intl.locale, quote.currency);
  const percent = (bps: number) => intl.formatNumber(bps / 10_000, { style: 'percent', maximumFractionDigits: 2 });
  const nameOf = (line: Quote['lines'][number]) =>
    labels?.[line.type] ?? (WORDED.includes(line.type) ? intl.formatMessage({ id: `simAction.line.${line.type}` }) : line.name);
  return (
    <dl className="paid-action__summary" data-testid="paid-action-summary">
      {quote.lines.map((line) => (
        <div key={line.key}>
          <dt>
            {nameOf(line)}
            {line.quantity > 1 ? <span className="muted"> × {intl.formatNumber(line.quantity)}</span> : null}
          </dt>
          <dd>{money(line.total)}</dd>
        </div>
      ))}
      {quote.needsShipping ? (
        <div data-testid="paid-action-shipping">
          <dt>
            <FormattedMessage id="checkout.summary.shipping" />
            {quote.shippingRate ? <span className="muted"> · {quote.shippingRate.name}</span> : null}
          </dt>
          <dd>{quote.shipping === 0 ? intl.formatMessage({ id: 'checkout.summary.free' }) : money(quote.shipping)}</dd>
        </div>
      ) : null}
      {quote.tax > 0 ? (
        <div>
          <dt>
            <FormattedMessage id="checkout.summary.tax" values={{ rate: percent(quote.taxRateBps) }} />
          </dt>
          <dd>{money(quote.tax)}</dd>
        </div>
      ) : null}
      {quote.surcharge > 0 ? (
        <div>
          <dt>
            <FormattedMessage id="checkout.summary.surcharge" values={{ rate: percent(quote.surchargeBps) }} />
          </dt>
          <dd>{money(quote.surcharge)}</dd>
        </div>
      ) : null}
      <div className="paid-action__total">
        <dt>
          <FormattedMessage id="checkout.summary.total" />
        </dt>
        <dd data-testid="paid-action-total">{money(quote.total)}</dd>
      </div>
    </dl>
  );
}
