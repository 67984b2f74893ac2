import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { shippingAddressSchema, type ShippingAddress } from '@app/shared/contracts/checkout';
import { DashboardFrame } from '../../../components/ui/dashboard-frame';
import { EMPTY_SHIPPING_ADDRESS, SHIPPING_ADDRESS_FIELDS, ShippingAddressFields } from '../../../components/ui/shipping-address-fields';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { errorCodeOf, useErrorMessage } from '../../../lib/error-message';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useRequestIdPerBody } from '../../../lib/request-id';
import { formatMoney } from '../../../lib/use-format-money';
import { cardQuoteOptions, purchaseCards, useSim, useSimList, type CardOrder } from '../api/sims-api';
import { QuoteSummary } from '../components/quote-summary';
import { usePayOrder } from '../pay-order';
import { useFormatPhone } from '../../../lib/use-format-phone';
import '../sims.css';
import { ShippingOptionName } from '../../../components/ui/shipping-option-name';

const schema = z.object({ shippingAddress: shippingAddressSchema });
type FormIn = z.input<typeof schema>;
const FIELDS = SHIPPING_ADDRESS_FIELDS.map((f) => `shippingAddress.${f}` as const);
const QUANTITIES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

export type AddressDefaults = Partial<Record<(typeof SHIPPING_ADDRESS_FIELDS)[number], string>>;

/**
 * /dashboard/purchase/sim (spec §2, §7 `/subscriber/sim/purchase/sim`): SIM cards for the signed-in
 * subscriber. A physical card is shipped: how many, where, how fast, then the server's quote (cards,
 * shipping, tax) and checkout's payment pages (decision 175). An eSIM is never a blank card: it comes
 * with a plan, or replaces a physical SIM's card on that SIM's page, and the page says so with both
 * ways in (decision 177). `?replace=<sim id>` orders one replacement card for that physical SIM
 * (`…/reorder/purchase`), to be moved onto with "Move to a new card" once it arrives.
 */
export function PurchaseSimPage({ addressDefaults }: { addressDefaults?: AddressDefaults | undefined }) {
  const [search] = useSearchParams();
  const replaceId = search.get('replace');
  const [kind, setKind] = useState<'physical' | 'esim'>('physical');
  const kindName = useId();

  if (replaceId) return <ReplacementCard simId={replaceId} addressDefaults={addressDefaults} />;

  return (
    <DashboardFrame titleId="page.dashboard.purchaseSim.title" lead={<FormattedMessage id="purchaseSim.lead" />}>
      <fieldset className="sim-panel purchase-sim__kind">
        <legend className="section-title section-title--sm">
          <FormattedMessage id="purchaseSim.kind.legend" />
        </legend>
        {(['physical', 'esim'] as const).map((k) => (
          <label key={k} className="choice-card">
            <input type="radio" name={kindName} value={k} checked={kind === k} onChange={() => setKind(k)} />
            <span className="choice-card__text">
              <strong>
                <FormattedMessage id={`purchaseSim.kind.${k}`} />
              </strong>
              <span className="muted">
                <FormattedMessage id={`purchaseSim.kind.${k}Hint`} />
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      {kind === 'esim' ? <EsimWays /> : <CardOrderForm order={null} addressDefaults={addressDefaults} returnTo="/dashboard/order-status" />}
    </DashboardFrame>
  );
}

/** Why there is no blank eSIM to buy, and the two ways to get one. */
function EsimWays() {
  // Phone numbers left to right in a right-to-left page (decision 222).
  const formatNumber = useFormatPhone();
  const list = useSimList(1, 100);
  const physical = (list.data?.data ?? []).filter((s) => s.kind === 'physical' && s.mdn && ['active', 'in_use', 'inUse', 'used_up', 'expired', 'suspended'].includes(s.status.status));
  return (
    <section className="sim-panel" aria-labelledby="purchase-esim-title" data-testid="purchase-esim">
      <h2 id="purchase-esim-title" className="section-title section-title--sm">
        <FormattedMessage id="purchaseSim.esim.title" />
      </h2>
      <p>
        <FormattedMessage id="purchaseSim.esim.lead" />
      </p>
      <h3 className="esim-delivery__subtitle">
        <FormattedMessage id="purchaseSim.esim.newLine" />
      </h3>
      <p className="muted">
        <FormattedMessage id="purchaseSim.esim.newLineText" />
      </p>
      <Link to="/plans" className="btn btn--primary">
        <FormattedMessage id="purchaseSim.esim.choosePlan" />
      </Link>
      <h3 className="esim-delivery__subtitle">
        <FormattedMessage id="purchaseSim.esim.move" />
      </h3>
      {list.isPending ? (
        <Skeleton lines={2} />
      ) : physical.length === 0 ? (
        <p className="muted" data-testid="purchase-esim-none">
          <FormattedMessage id="purchaseSim.esim.moveNone" />
        </p>
      ) : (
        <>
          <p className="muted">
            <FormattedMessage id="purchaseSim.esim.moveText" />
          </p>
          <ul className="sim-links">
            {physical.map((s) => (
              <li key={s.id}>
                <Link to={`/dashboard/sim/${s.id}?action=to-esim`} className="text-link">
                  <FormattedMessage id="purchaseSim.esim.moveLink" values={{ number: formatNumber(s.mdn!) }} />
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** ?replace=<sim>: one card for a physical SIM of the account, and what to do when it arrives. */
function ReplacementCard({ simId, addressDefaults }: { simId: string; addressDefaults?: AddressDefaults | undefined }) {
  // Phone numbers left to right in a right-to-left page (decision 222).
  const formatNumber = useFormatPhone();
  const query = useSim(simId);
  const sim = query.data;
  const missing = query.isError && isApiError(query.error) && query.error.status === 404;
  return (
    <DashboardFrame
      titleId="purchaseSim.replace.title"
      lead={sim?.mdn ? <FormattedMessage id="purchaseSim.replace.lead" values={{ number: formatNumber(sim.mdn) }} /> : undefined}
      error={query.isError && !missing}
      onRetry={() => void query.refetch()}
    >
      {query.isPending ? (
        <Skeleton lines={6} />
      ) : missing ? (
        <div className="empty-state" data-testid="replace-not-found">
          <p>
            <FormattedMessage id="sim.notFound" />
          </p>
          <Link to="/dashboard/sim" className="btn btn--outline">
            <FormattedMessage id="sim.backToList" />
          </Link>
        </div>
      ) : sim && sim.kind !== 'physical' ? (
        <div className="notice notice--info" data-testid="replace-esim">
          <p>
            <FormattedMessage id="purchaseSim.replace.esim" />
          </p>
          <Link to={`/dashboard/sim/${sim.id}`} className="btn btn--outline">
            <FormattedMessage id="assignResult.next.open" />
          </Link>
        </div>
      ) : sim ? (
        <>
          <ol className="sim-panel support-steps" data-testid="replace-steps">
            <li>
              <FormattedMessage id="purchaseSim.replace.step1" />
            </li>
            <li>
              <FormattedMessage id="purchaseSim.replace.step2" />
            </li>
            <li>
              <FormattedMessage id="purchaseSim.replace.step3" />
            </li>
          </ol>
          <CardOrderForm order={{ kind: 'replacement', simId: sim.id }} addressDefaults={addressDefaults} returnTo={`/dashboard/sim/${sim.id}`} />
        </>
      ) : null}
    </DashboardFrame>
  );
}

/**
 * Where the cards go and how, with the server's quote beside it; "Continue to payment · total"
 * places the order with the total shown and one request id per (order, address, total) — a double
 * click or a retry answers the same order; PRICE_CHANGED re-asks the quote and says so.
 */
function CardOrderForm({ order: fixed, addressDefaults, returnTo }: { order: CardOrder | null; addressDefaults?: AddressDefaults | undefined; returnTo: string }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const client = useQueryClient();
  const payOrder = usePayOrder();
  const errorText = useErrorMessage();
  const [quantity, setQuantity] = useState(1);
  const order: CardOrder = fixed ?? { kind: 'cards', quantity };
  const form = useForm<FormIn, unknown, { shippingAddress: ShippingAddress }>({
    resolver: zodResolver(schema),
    defaultValues: { shippingAddress: { ...EMPTY_SHIPPING_ADDRESS, ...addressDefaults } },
  });
  const { register, control, handleSubmit, watch, setError, formState } = form;
  const country = (watch('shippingAddress.shippingCountry') || 'US').toUpperCase();
  const [rate, setRate] = useState<{ id: string; country: string } | null>(null);
  const rateId = rate && rate.country === country ? rate.id : undefined;
  const quoteOptions = cardQuoteOptions(order, country, rateId);
  const quote = useQuery(quoteOptions);
  const data = quote.data;
  const [problem, setProblem] = useState<string | null>(null);
  const requestIdFor = useRequestIdPerBody();
  const quantityId = useId();

  const onSubmit = handleSubmit(async (values) => {
    if (!data) return;
    setProblem(null);
    const body = { shippingAddress: values.shippingAddress, shippingRateId: data.shippingRate?.id, expectedTotal: data.total };
    try {
      const result = await purchaseCards(order, { ...body, requestId: requestIdFor([order, body]) });
      navigate(payOrder(result, returnTo));
    } catch (error) {
      if (applyServerFieldErrors(error, setError, FIELDS)) return;
      const code = errorCodeOf(error) ?? 'UNKNOWN';
      if (code === 'PRICE_CHANGED') void client.invalidateQueries({ queryKey: quoteOptions.queryKey });
      setProblem(code);
    }
  });

  return (
    <form className="purchase-sim" onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="purchase-sim-ship-title">
      <div className="sim-panel form-stack">
        <h2 id="purchase-sim-ship-title" className="section-title section-title--sm">
          <FormattedMessage id="purchaseSim.ship.title" />
        </h2>
        {fixed ? null : (
          <div className="form-field">
            <label className="field-label" htmlFor={quantityId}>
              <FormattedMessage id="purchaseSim.quantity" />
            </label>
            <select id={quantityId} className="input select sim-quantity" value={quantity} onChange={(e) => setQuantity(Number(e.target.value))}>
              {QUANTITIES.map((n) => (
                <option key={n} value={n}>
                  {intl.formatNumber(n)}
                </option>
              ))}
            </select>
            <p className="field-hint">
              <FormattedMessage id="purchaseSim.quantityHint" />
            </p>
          </div>
        )}
        <ShippingAddressFields name="shippingAddress" register={register} control={control} errors={formState.errors} country={country} />
        <fieldset className="sim-delivery">
          <legend className="field-label">
            <FormattedMessage id="checkout.delivery.title" />
          </legend>
          {!data ? (
            quote.isError ? null : <Skeleton lines={2} />
          ) : data.shippingOptions.length === 0 ? (
            <p className="notice notice--warning" role="alert">
              <FormattedMessage id="error.NO_AVAILABLE_SHIPPER" />
            </p>
          ) : (
            data.shippingOptions.map((option) => (
              <label key={option.id} className="choice-card">
                <input type="radio" name="shippingRate" value={option.id} checked={data.shippingRate?.id === option.id} onChange={() => setRate({ id: option.id, country })} />
                <span className="choice-card__text">
                  <strong>
                    <ShippingOptionName option={option} />
                  </strong>
                  <span className="muted">
                    <FormattedMessage id={option.businessDays ? 'checkout.delivery.businessDays' : 'checkout.delivery.days'} values={{ min: intl.formatNumber(option.minDays), max: option.maxDays }} />
                  </span>
                </span>
                <span className="choice-card__price">
                  {option.price === 0 ? intl.formatMessage({ id: 'checkout.summary.free' }) : formatMoney(option.price, intl.locale, data.currency)}
                </span>
              </label>
            ))
          )}
        </fieldset>
      </div>

      <aside className="sim-panel purchase-sim__summary" aria-labelledby="purchase-sim-summary-title">
        <h2 id="purchase-sim-summary-title" className="section-title section-title--sm">
          <FormattedMessage id="checkout.summary.title" />
        </h2>
        <div aria-live="polite" aria-busy={quote.isFetching || undefined} data-testid="purchase-sim-quote">
          {quote.isError ? (
            <div className="notice notice--warning" role="alert" data-testid="purchase-sim-quote-error" data-code={errorCodeOf(quote.error) ?? 'UNKNOWN'}>
              <p>{errorText(errorCodeOf(quote.error) ?? 'UNKNOWN')}</p>
              <button type="button" className="btn btn--outline btn--sm" onClick={() => void quote.refetch()}>
                <FormattedMessage id="common.retry" />
              </button>
            </div>
          ) : data ? (
            <QuoteSummary quote={data} />
          ) : (
            <Skeleton lines={4} />
          )}
        </div>
        {problem ? (
          <p className="notice notice--warning" role="alert" data-testid="purchase-sim-problem" data-code={problem}>
            {errorText(problem)}
          </p>
        ) : null}
        <p className="field-hint">
          <FormattedMessage id="simAction.payNext" />
        </p>
        <button
          type="submit"
          className="btn btn--primary"
          disabled={!data || formState.isSubmitting || quote.isFetching || data.shippingOptions.length === 0}
          data-testid="purchase-sim-confirm"
        >
          {formState.isSubmitting ? <Spinner size="sm" /> : null}{' '}
          {data ? (
            <FormattedMessage id="simAction.continue" values={{ total: formatMoney(data.total, intl.locale, data.currency) }} />
          ) : (
            <FormattedMessage id="simAction.continueNoTotal" />
          )}
        </button>
      </aside>
    </form>
  );
}
