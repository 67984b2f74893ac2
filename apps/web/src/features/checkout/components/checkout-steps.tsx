import { FormattedMessage, useIntl } from 'react-intl';

const STEPS = ['details', 'method', 'pay', 'done'] as const;
export type CheckoutStep = (typeof STEPS)[number];

/** Where the customer is in the checkout; the current step is announced with aria-current. */
export function CheckoutSteps({ current }: { current: CheckoutStep }) {
  const intl = useIntl();
  const index = STEPS.indexOf(current);
  return (
    <nav aria-label={intl.formatMessage({ id: 'checkout.steps.label' })} className="checkout-steps">
      <ol>
        {STEPS.map((step, i) => (
          <li key={step} className={i < index ? 'is-done' : i === index ? 'is-current' : undefined} aria-current={i === index ? 'step' : undefined}>
            <span className="checkout-steps__number" aria-hidden="true">
              {intl.formatNumber(i + 1)}
            </span>
            <FormattedMessage id={`checkout.steps.${step}`} />
          </li>
        ))}
      </ol>
    </nav>
  );
}
