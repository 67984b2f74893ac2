import { FormattedMessage, useIntl } from 'react-intl';
import { formatMoney } from '../../../lib/use-format-money';

/** The amounts a quote, an order and an invoice all carry (integer cents). */
export interface Totals {
  subtotal: number;
  simCards: number;
  shipping: number;
  taxRateBps: number;
  tax: number;
  surchargeBps: number;
  surcharge: number;
  total: number;
  currency: string;
}

export interface SummaryLine {
  key: string;
  name: string;
  detail?: string;
  quantity: number;
  total: number;
  problem?: boolean;
}

/** Lines and totals exactly as the server priced them; nothing is added up here. */
export function TotalsSummary({
  lines,
  totals,
  needsShipping,
  updating,
  titleId = 'checkout.summary.title',
}: {
  lines: readonly SummaryLine[];
  totals: Totals;
  needsShipping: boolean;
  updating?: boolean;
  titleId?: string;
}) {
  const intl = useIntl();
  const money = (cents: number) => formatMoney(cents, intl.locale, totals.currency);
  const percent = (bps: number) => intl.formatNumber(bps / 10_000, { style: 'percent', maximumFractionDigits: 2 });
  return (
    <section className="checkout-summary" aria-labelledby="checkout-summary-title" aria-busy={updating || undefined} data-testid="order-summary">
      <h2 id="checkout-summary-title" className="section-title section-title--sm">
        <FormattedMessage id={titleId} />
      </h2>
      <ul className="checkout-summary__lines">
        {lines.map((line) => (
          <li key={line.key} className={`checkout-summary__line${line.problem ? ' is-problem' : ''}`}>
            <span>
              <span className="checkout-summary__name">
                {line.name} <span className="muted">× {intl.formatNumber(line.quantity)}</span>
              </span>
              {line.detail ? <span className="checkout-summary__detail muted">{line.detail}</span> : null}
            </span>
            <span>{money(line.total)}</span>
          </li>
        ))}
      </ul>
      <dl className="checkout-summary__totals">
        <div>
          <dt>
            <FormattedMessage id="checkout.summary.subtotal" />
          </dt>
          <dd>{money(totals.subtotal)}</dd>
        </div>
        {totals.simCards > 0 ? (
          <div>
            <dt>
              <FormattedMessage id="checkout.summary.simCards" />
            </dt>
            <dd>{money(totals.simCards)}</dd>
          </div>
        ) : null}
        {needsShipping ? (
          <div>
            <dt>
              <FormattedMessage id="checkout.summary.shipping" />
            </dt>
            <dd data-testid="summary-shipping">{totals.shipping === 0 ? intl.formatMessage({ id: 'checkout.summary.free' }) : money(totals.shipping)}</dd>
          </div>
        ) : null}
        {totals.tax > 0 || totals.taxRateBps > 0 ? (
          <div>
            <dt>
              <FormattedMessage id="checkout.summary.tax" values={{ rate: percent(totals.taxRateBps) }} />
            </dt>
            <dd>{money(totals.tax)}</dd>
          </div>
        ) : null}
        {totals.surcharge > 0 || totals.surchargeBps > 0 ? (
          <div>
            <dt>
              <FormattedMessage id="checkout.summary.surcharge" values={{ rate: percent(totals.surchargeBps) }} />
            </dt>
            <dd>{money(totals.surcharge)}</dd>
          </div>
        ) : null}
        <div className="checkout-summary__total">
          <dt>
            <FormattedMessage id="checkout.summary.total" />
          </dt>
          <dd data-testid="summary-total">{money(totals.total)}</dd>
        </div>
      </dl>
    </section>
  );
}
