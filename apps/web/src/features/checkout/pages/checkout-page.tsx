import { useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import type { PurchaseRequest, QuoteRequest } from '@app/shared/contracts/checkout';
import { quoteSoldOut } from '@app/shared/rules/pricing';
import { FormField } from '../../../components/ui/form-field';
import { EMPTY_SHIPPING_ADDRESS, SHIPPING_ADDRESS_FIELDS, ShippingAddressFields } from '../../../components/ui/shipping-address-fields';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { useCheckoutCart } from '../checkout-cart';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { usableResellerCode } from '../../../lib/reseller-code';
import { useSession } from '../../../lib/session';
import { formatMoney } from '../../../lib/use-format-money';
import { usePageTitle } from '../../../lib/use-page-title';
import { useValidationMessage } from '../../../lib/validation-message';
import { purchase, quoteQueryOptions, useQuote } from '../api/checkout-api';
import { checkoutStore, useCheckout } from '../checkout-store';
import { CheckoutSteps } from '../components/checkout-steps';
import { errorCodeOf } from '../../../lib/error-message';
import { CheckoutErrorNotice, SOLD_OUT_WORDING, soldOutReason } from '../components/checkout-error-notice';
import { summaryLines } from '../components/quote-lines';
import { TotalsSummary } from '../components/totals-summary';
import { newRequestId } from '../../../lib/request-id';
import '../checkout.css';
import { useLtrText } from '../../../lib/use-format-phone';
import { ShippingOptionName } from '../../../components/ui/shipping-option-name';

type FormValues = { emailAddress: string; referrerEmail: string; shippingAddress: typeof EMPTY_SHIPPING_ADDRESS };

// The form's rules (zod and the shared contracts) load on first validation, not with the page.
const loadValidation = () => import('../checkout-validation');

/** What checkout asks for, under its heading; the server's frame of /checkout shows it too (decision 225). */
function CheckoutLead() {
  return (
    <p className="page-lead">
      <FormattedMessage id="checkout.lead" />
    </p>
  );
}

/**
 * /checkout: who the order is for (billing e-mail), where physical SIMs go and how (shipping,
 * delivery), with the server's quote beside it. eSIM-only orders skip shipping. Continue creates the
 * order (one per request id) and moves on to choosing how to pay.
 */
export default function CheckoutPage() {
  const intl = useIntl();
  // Order, invoice and tracking numbers left to right in a right-to-left page (decision 222).
  const ltr = useLtrText();
  usePageTitle(intl.formatMessage({ id: 'page.checkout.title' }));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { isAuth } = useSession();
  const { items } = useCheckoutCart();
  const saved = useCheckout();
  const message = useValidationMessage();

  const form = useForm<FormValues>({
    defaultValues: {
      emailAddress: saved.email,
      referrerEmail: '',
      shippingAddress: { ...EMPTY_SHIPPING_ADDRESS, ...(saved.shippingAddress ?? {}) },
    },
    // The resolver follows the quote (shipping or not) through a ref, read at validation time.
    resolver: (async (values, context, options) => {
      const { checkoutResolver } = await loadValidation();
      const { needsEmail, needsShipping } = rulesRef.current;
      return checkoutResolver<FormValues>(needsEmail, needsShipping)(values, context, options);
    }) as Resolver<FormValues>,
  });
  const { register, control, watch, handleSubmit, setError, formState } = form;
  const country = (watch('shippingAddress.shippingCountry') || 'US').toUpperCase();

  const [rate, setRate] = useState<{ id: string; country: string } | null>(
    saved.shippingRateId ? { id: saved.shippingRateId, country: saved.shippingAddress?.shippingCountry ?? 'US' } : null,
  );
  const quoteRequest: QuoteRequest | null = items.length
    ? { items: [...items], shippingCountry: country, ...(rate && rate.country === country ? { shippingRateId: rate.id } : {}) }
    : null;
  const quote = useQuote(quoteRequest);
  const data = quote.data;
  // Only the SIM stock stops this quote: say which kind ran out and what to choose instead.
  const soldOut = data ? quoteSoldOut(data.lines) : undefined;
  const needsShipping = data?.needsShipping ?? false;

  const rulesRef = useRef({ needsEmail: !isAuth, needsShipping });
  rulesRef.current = { needsEmail: !isAuth, needsShipping };

  const [problem, setProblem] = useState<string | null>(null);
  const submitting = useRef(false);

  const onSubmit = handleSubmit(async (values) => {
    if (!data || submitting.current) return;
    submitting.current = true;
    setProblem(null);
    try {
      const address = needsShipping ? (values.shippingAddress as PurchaseRequest['shippingAddress']) : undefined;
      const body: Omit<PurchaseRequest, 'requestId'> = {
        items: [...items],
        shippingCountry: needsShipping ? address?.shippingCountry : undefined,
        shippingRateId: needsShipping ? (data.shippingRate?.id ?? undefined) : undefined,
        expectedTotal: data.total,
        ...(isAuth ? {} : { emailAddress: values.emailAddress.trim() }),
        ...(!isAuth && values.referrerEmail.trim() ? { referrerEmail: values.referrerEmail.trim() } : {}),
        ...(address ? { shippingAddress: address } : {}),
        ...(usableResellerCode() ? { resellerCode: usableResellerCode()! } : {}),
      };
      // Same body → same request id → the server answers with the order it already made.
      const fingerprint = JSON.stringify(body);
      const current = checkoutStore.getState();
      const requestId = current.purchaseFingerprint === fingerprint && current.purchaseRequestId ? current.purchaseRequestId : newRequestId();
      checkoutStore.update({
        email: isAuth ? '' : values.emailAddress.trim(),
        shippingAddress: address ?? null,
        shippingRateId: body.shippingRateId ?? null,
        purchaseRequestId: requestId,
        purchaseFingerprint: fingerprint,
      });
      const result = await purchase(isAuth, { ...body, requestId } as PurchaseRequest);
      const keepPayment = current.order?.id === result.order.id ? current.payment : null;
      checkoutStore.update({
        order: {
          id: result.order.id,
          number: result.order.number,
          total: result.order.total,
          currency: result.order.currency,
          accessToken: result.accessToken,
          account: result.account,
          email: result.order.email,
        },
        payment: keepPayment,
        action: null,
      });
      navigate('/select-payment');
    } catch (error) {
      if (isApiError(error)) {
        // A changed price, or stock that ran out since the quote: the quote is asked again, so the page shows it.
        if (error.code === 'PRICE_CHANGED' || soldOutReason(error)) void queryClient.invalidateQueries({ queryKey: quoteQueryOptions(isAuth, quoteRequest!).queryKey.slice(0, 2) });
        const onFields = applyServerFieldErrors(error, setError, ['emailAddress', 'referrerEmail', ...SHIPPING_ADDRESS_FIELDS.map((f) => `shippingAddress.${f}` as const)]);
        if (!onFields) setProblem(soldOutReason(error) ?? errorCodeOf(error) ?? 'UNKNOWN');
      } else {
        setProblem('UNKNOWN');
      }
    } finally {
      submitting.current = false;
    }
  });

  const label = (id: string) => intl.formatMessage({ id });

  if (items.length === 0) {
    return (
      <div className="container page checkout-page">
        <header className="page-header">
          <h1 className="page-title">
            <FormattedMessage id="page.checkout.title" />
          </h1>
          <CheckoutLead />
        </header>
        <div className="empty-state" data-testid="checkout-empty">
          <p>
            <FormattedMessage id="checkout.empty" />
          </p>
          {saved.order ? (
            <Link to="/select-payment" className="btn btn--primary">
              <FormattedMessage id="checkout.continueOrder" values={{ number: ltr(saved.order.number) }} />
            </Link>
          ) : (
            <Link to="/plans" className="btn btn--primary">
              <FormattedMessage id="cart.browsePlans" />
            </Link>
          )}
        </div>
      </div>
    );
  }

  const busy = formState.isSubmitting;
  return (
    <div className="container page checkout-page">
      <header className="page-header">
        <h1 className="page-title">
          <FormattedMessage id="page.checkout.title" />
        </h1>
        <CheckoutLead />
      </header>
      <CheckoutSteps current="details" />
      <div className="checkout-grid">
        <form className="checkout-form form-stack" onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="checkout-billing-title">
          <section className="checkout-section" aria-labelledby="checkout-billing-title">
            <h2 id="checkout-billing-title" className="section-title section-title--sm">
              <FormattedMessage id="checkout.billing.title" />
            </h2>
            {isAuth ? (
              <p className="muted">
                <FormattedMessage id="checkout.billing.signedIn" />
              </p>
            ) : (
              <FormField
                label={<FormattedMessage id="form.email" />}
                hint={<FormattedMessage id="checkout.billing.emailHint" />}
                error={message(formState.errors.emailAddress?.message, label('form.email'))}
              >
                {(c) => <input {...c} {...register('emailAddress')} type="email" className="input" autoComplete="email" />}
              </FormField>
            )}
            {isAuth ? null : (
              <FormField
                label={<FormattedMessage id="checkout.billing.referrer" />}
                hint={<FormattedMessage id="checkout.billing.referrerHint" />}
                error={message(formState.errors.referrerEmail?.message, label('checkout.billing.referrer'))}
              >
                {(c) => <input {...c} {...register('referrerEmail')} type="email" className="input" autoComplete="off" />}
              </FormField>
            )}
          </section>

          {quote.isPending ? (
            <div aria-busy="true" className="checkout-section">
              <Skeleton lines={4} />
            </div>
          ) : data && needsShipping ? (
            <>
              <section className="checkout-section" aria-labelledby="checkout-shipping-title">
                <h2 id="checkout-shipping-title" className="section-title section-title--sm">
                  <FormattedMessage id="checkout.shipping.title" />
                </h2>
                <ShippingAddressFields name="shippingAddress" register={register} control={control} errors={formState.errors} country={country} />
              </section>

              <fieldset className="checkout-section checkout-delivery">
                <legend className="section-title section-title--sm">
                  <FormattedMessage id="checkout.delivery.title" />
                </legend>
                {data.shippingOptions.length === 0 ? (
                  <p className="notice notice--warning" role="alert">
                    <FormattedMessage id="error.NO_AVAILABLE_SHIPPER" />
                  </p>
                ) : (
                  data.shippingOptions.map((option) => (
                    <label key={option.id} className="choice-card">
                      <input
                        type="radio"
                        name="shippingRate"
                        value={option.id}
                        checked={data.shippingRate?.id === option.id}
                        onChange={() => setRate({ id: option.id, country })}
                      />
                      <span className="choice-card__text">
                        <strong>
                          <ShippingOptionName option={option} />
                        </strong>
                        <span className="muted">
                          <FormattedMessage
                            id={option.businessDays ? 'checkout.delivery.businessDays' : 'checkout.delivery.days'}
                            values={{ min: intl.formatNumber(option.minDays), max: option.maxDays }}
                          />
                        </span>
                      </span>
                      <span className="choice-card__price">
                        {option.price === 0 ? label('checkout.summary.free') : formatMoney(option.price, intl.locale, data.currency)}
                      </span>
                    </label>
                  ))
                )}
              </fieldset>
            </>
          ) : data ? (
            <p className="notice notice--info" data-testid="esim-only">
              <FormattedMessage id="checkout.shipping.esimOnly" />
            </p>
          ) : null}

          {quote.isError ? <CheckoutErrorNotice error={quote.error} onRetry={() => void quote.refetch()} /> : null}
          {problem ? <CheckoutErrorNotice code={problem} /> : null}
          {data && !data.sellable ? (
            <div className="notice notice--warning" role="alert" data-testid="unsellable">
              {soldOut ? (
                <p>
                  <FormattedMessage id={SOLD_OUT_WORDING[soldOut]} />
                </p>
              ) : null}
              <p>
                <FormattedMessage id={soldOut ? 'checkout.removeSoldOut' : 'checkout.unsellable'} />
              </p>
            </div>
          ) : null}

          <div className="form-actions">
            <button type="submit" className="btn btn--primary btn--lg" disabled={busy || !data || !data.sellable || quote.isFetching}>
              {busy ? <Spinner size="sm" /> : null} <FormattedMessage id="checkout.continue" />
            </button>
          </div>
        </form>

        <aside className="checkout-aside">
          {data ? (
            <TotalsSummary lines={summaryLines(intl, data.lines)} totals={data} needsShipping={data.needsShipping} updating={quote.isFetching} />
          ) : quote.isPending ? (
            <div className="checkout-summary" aria-busy="true">
              <Skeleton className="skeleton-heading" />
              <Skeleton lines={5} />
            </div>
          ) : null}
        </aside>
      </div>
    </div>
  );
}
