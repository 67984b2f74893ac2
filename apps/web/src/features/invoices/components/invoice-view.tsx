import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import type { Invoice } from '@app/shared/contracts/invoices';
import { formatMoney } from '../../../lib/use-format-money';
import { useRegionName } from '../../../lib/use-region-names';
import { publicInvoicePdfUrl } from '../api/invoices-api';
import '../invoices.css';
import { useFormatPhone, useLtrText } from '../../../lib/use-format-phone';

/** One invoice (SPEC §3): date, ship-to, lines, sub total, tax rate, surcharge, total, company details. */
export function InvoiceView({ invoice }: { invoice: Invoice }) {
  const intl = useIntl();
  const formatPhone = useFormatPhone();
  const ltr = useLtrText();
  const regionName = useRegionName();
  const money = (cents: number) => formatMoney(cents, intl.locale, invoice.currency);
  const percent = (bps: number) => intl.formatNumber(bps / 10_000, { style: 'percent', maximumFractionDigits: 2 });
  const ship = invoice.shipTo;
  return (
    <article className="invoice" aria-labelledby="invoice-title" data-testid="invoice">
      <header className="invoice__head">
        <div>
          <h2 id="invoice-title" className="invoice__title">
            <FormattedMessage id="invoice.title" values={{ number: ltr(invoice.number) }} />
          </h2>
          <p className="muted">
            <FormattedMessage id="invoice.order" values={{ number: ltr(invoice.orderNumber) }} /> ·{' '}
            <FormattedDate value={invoice.date} dateStyle="long" />
          </p>
        </div>
        <address className="invoice__company">
          <strong>{invoice.company.name}</strong>
          <br />
          <bdi>{invoice.company.address}</bdi>
          <br />
          {formatPhone(invoice.company.phone)} · {invoice.company.email}
        </address>
      </header>
      <div className="invoice__parties">
        <div>
          <h3 className="invoice__label">
            <FormattedMessage id="invoice.billTo" />
          </h3>
          <p>
            {invoice.billTo.name}
            <br />
            {invoice.billTo.email}
          </p>
        </div>
        {ship ? (
          <div>
            <h3 className="invoice__label">
              <FormattedMessage id="invoice.shipTo" />
            </h3>
            <p>
              {ship.shippingFirstName} {ship.shippingLastName}
              <br />
              {ship.shippingAddress1}
              {ship.shippingAddress2 ? (
                <>
                  <br />
                  {ship.shippingAddress2}
                </>
              ) : null}
              <br />
              {ship.shippingCity}, {ship.shippingState} {ship.shippingZipcode}
              <br />
              {regionName(ship.shippingCountry)}
            </p>
          </div>
        ) : null}
        <div>
          <h3 className="invoice__label">
            <FormattedMessage id="invoice.paidWith" />
          </h3>
          <p>{invoice.paidWith}</p>
        </div>
      </div>
      <div className="table-scroll">
        <table className="data-table invoice__lines">
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="invoice.col.description" />
              </th>
              <th scope="col" className="num">
                <FormattedMessage id="invoice.col.quantity" />
              </th>
              <th scope="col" className="num">
                <FormattedMessage id="invoice.col.unitPrice" />
              </th>
              <th scope="col" className="num">
                <FormattedMessage id="invoice.col.total" />
              </th>
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((line, i) => (
              <tr key={i}>
                <td>{line.description}</td>
                <td className="num">{intl.formatNumber(line.quantity)}</td>
                <td className="num">{money(line.unitPrice)}</td>
                <td className="num">{money(line.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="invoice__totals">
        <div>
          <dt>
            <FormattedMessage id="invoice.subTotal" />
          </dt>
          <dd>{money(invoice.subTotal)}</dd>
        </div>
        {invoice.simCards > 0 ? (
          <div>
            <dt>
              <FormattedMessage id="checkout.summary.simCards" />
            </dt>
            <dd>{money(invoice.simCards)}</dd>
          </div>
        ) : null}
        {invoice.shipTo ? (
          <div>
            <dt>
              <FormattedMessage id="checkout.summary.shipping" />
            </dt>
            <dd>{money(invoice.shipping)}</dd>
          </div>
        ) : null}
        <div>
          <dt>
            <FormattedMessage id="invoice.taxRate" values={{ rate: percent(invoice.taxRateBps) }} />
          </dt>
          <dd>{money(invoice.tax)}</dd>
        </div>
        {invoice.surchargeBps > 0 || invoice.surcharge > 0 ? (
          <div>
            <dt>
              <FormattedMessage id="checkout.summary.surcharge" values={{ rate: percent(invoice.surchargeBps) }} />
            </dt>
            <dd>{money(invoice.surcharge)}</dd>
          </div>
        ) : null}
        <div className="invoice__total">
          <dt>
            <FormattedMessage id="invoice.total" />
          </dt>
          <dd data-testid="invoice-total">{money(invoice.total)}</dd>
        </div>
      </dl>
    </article>
  );
}

/** Print and PDF, hidden when printing. */
export function InvoiceActions({ invoice }: { invoice: Invoice }) {
  return (
    <div className="form-actions invoice-actions no-print">
      <button type="button" className="btn btn--primary" onClick={() => window.print()}>
        <FormattedMessage id="invoice.print" />
      </button>
      <a className="btn btn--outline" href={publicInvoicePdfUrl(invoice.publicToken)} target="_blank" rel="noopener noreferrer" download={`${invoice.number}.pdf`}>
        <FormattedMessage id="invoice.pdf" />
      </a>
    </div>
  );
}
