import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';

/**
 * Payment method badges drawn as small inline SVGs (no third-party image files). The wordmarks are
 * graphics; the accessible name of each badge comes from the message catalogue.
 */
const BADGES: { id: string; labelId: string; art: ReactNode }[] = [
  {
    id: 'visa',
    labelId: 'footer.payments.visa',
    art: (
      <>
        <rect width="60" height="38" rx="6" fill="#1a1f71" />
        <text x="30" y="25" textAnchor="middle" fontFamily="Arial, Helvetica, sans-serif" fontSize="15" fontStyle="italic" fontWeight="700" fill="#fff">
          VISA
        </text>
      </>
    ),
  },
  {
    id: 'mastercard',
    labelId: 'footer.payments.mastercard',
    art: (
      <>
        <rect width="60" height="38" rx="6" fill="#222" />
        <circle cx="25" cy="19" r="10" fill="#eb001b" />
        <circle cx="35" cy="19" r="10" fill="#f79e1b" />
        <path d="M30 10.3a10 10 0 0 1 0 17.4 10 10 0 0 1 0-17.4z" fill="#ff5f00" />
      </>
    ),
  },
  {
    id: 'amex',
    labelId: 'footer.payments.amex',
    art: (
      <>
        <rect width="60" height="38" rx="6" fill="#016fd0" />
        <text x="30" y="24" textAnchor="middle" fontFamily="Arial, Helvetica, sans-serif" fontSize="11" fontWeight="700" fill="#fff">
          AMEX
        </text>
      </>
    ),
  },
  {
    id: 'discover',
    labelId: 'footer.payments.discover',
    art: (
      <>
        <rect width="60" height="38" rx="6" fill="#fff" stroke="#d0d5dd" />
        <text x="26" y="23" textAnchor="middle" fontFamily="Arial, Helvetica, sans-serif" fontSize="8.5" fontWeight="700" fill="#231f20">
          DISCOVER
        </text>
        <circle cx="50" cy="20" r="4.5" fill="#f58220" />
      </>
    ),
  },
  {
    id: 'paypal',
    labelId: 'footer.payments.paypal',
    art: (
      <>
        <rect width="60" height="38" rx="6" fill="#fff" stroke="#d0d5dd" />
        <text x="30" y="24" textAnchor="middle" fontFamily="Verdana, Arial, sans-serif" fontSize="11" fontStyle="italic" fontWeight="700">
          <tspan fill="#003087">Pay</tspan>
          <tspan fill="#009cde">Pal</tspan>
        </text>
      </>
    ),
  },
  {
    id: 'crypto',
    labelId: 'footer.payments.crypto',
    art: (
      <>
        <rect width="60" height="38" rx="6" fill="#fff" stroke="#d0d5dd" />
        <circle cx="20" cy="19" r="9" fill="#f7931a" />
        <path
          d="M17.5 14.5h4a2 2 0 0 1 0 4h-4zm0 4h4.6a2.1 2.1 0 0 1 0 4.2h-4.6zM18.8 13v1.5M20.8 13v1.5M18.8 22.7v1.5M20.8 22.7v1.5"
          fill="none"
          stroke="#fff"
          strokeWidth="1.3"
        />
        <circle cx="40" cy="19" r="9" fill="#26a17b" />
        <path d="M35.5 15h9M40 15v9M36.5 18.3c1 .6 2.2.8 3.5.8s2.5-.2 3.5-.8" fill="none" stroke="#fff" strokeWidth="1.5" />
      </>
    ),
  },
];

export function PaymentBadges() {
  const intl = useIntl();
  return (
    <ul className="payment-badges" aria-label={intl.formatMessage({ id: 'footer.payments' })}>
      {BADGES.map((badge) => (
        <li key={badge.id}>
          <svg width="60" height="38" viewBox="0 0 60 38" role="img" aria-label={intl.formatMessage({ id: badge.labelId })}>
            {badge.art}
          </svg>
        </li>
      ))}
    </ul>
  );
}
