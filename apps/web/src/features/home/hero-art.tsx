import { FormattedMessage } from 'react-intl';

/** The hero illustration: a phone with signal arcs and a SIM, drawn inline so it costs no request. */
export function HeroArt({ price }: { price: string }) {
  return (
    <div className="hero-art" aria-hidden="true">
      <svg viewBox="0 0 360 360" className="hero-art__svg" focusable="false">
        <defs>
          <linearGradient id="hero-phone" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#ffffff" />
            <stop offset="1" stopColor="#e7eefb" />
          </linearGradient>
        </defs>
        <circle cx="180" cy="180" r="150" fill="rgb(255 255 255 / 0.06)" />
        <circle cx="180" cy="180" r="110" fill="rgb(255 255 255 / 0.07)" />
        <path d="M250 70a90 90 0 0 1 40 60" stroke="var(--color-yellow)" strokeWidth="8" strokeLinecap="round" fill="none" />
        <path d="M262 40a125 125 0 0 1 58 86" stroke="var(--color-yellow)" strokeWidth="8" strokeLinecap="round" fill="none" opacity="0.6" />
        <rect x="110" y="50" width="140" height="260" rx="26" fill="url(#hero-phone)" />
        <rect x="122" y="72" width="116" height="206" rx="12" fill="#0d2a66" />
        <rect x="160" y="60" width="40" height="5" rx="2.5" fill="#c9d6ee" />
        <rect x="136" y="92" width="60" height="10" rx="5" fill="rgb(255 255 255 / 0.55)" />
        <rect x="136" y="112" width="88" height="44" rx="8" fill="var(--color-secondary)" />
        <rect x="136" y="166" width="88" height="12" rx="6" fill="rgb(255 255 255 / 0.25)" />
        <rect x="136" y="186" width="64" height="12" rx="6" fill="rgb(255 255 255 / 0.25)" />
        <rect x="136" y="236" width="88" height="26" rx="13" fill="var(--color-yellow)" />
        <g transform="translate(40 200) rotate(-12)">
          <path d="M0 10a10 10 0 0 1 10-10h52l18 18v62a10 10 0 0 1-10 10H10A10 10 0 0 1 0 80z" fill="var(--color-yellow)" />
          <rect x="18" y="30" width="44" height="36" rx="6" fill="#b88a00" />
          <path d="M18 48h44M40 30v36" stroke="var(--color-yellow)" strokeWidth="3" />
        </g>
      </svg>
      <p className="hero-art__tag">
        <FormattedMessage id="home.hero.tag" values={{ price }} />
      </p>
    </div>
  );
}
