import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useFormatMoney } from '../../lib/use-format-money';
import { usePageTitle } from '../../lib/use-page-title';
import { useMetaDescription } from '../../lib/use-meta-description';
import { GiftIcon, GlobeIcon, PhoneIcon, QrIcon, ShieldIcon, SignalIcon, TruckIcon, WifiIcon } from '../../components/ui/icons';
import { HeroArt } from './hero-art';
import './home.css';

/** The PayGo starting price in cents (spec §1: "PayGo plan from 3 USD a month"). */
const PAYGO_FROM_CENTS = 300;
/** Spec §1 referral credit and affiliate cap, in cents. */
const REFERRAL_CREDIT_CENTS = 1000;
const AFFILIATE_CAP_CENTS = 1000;

interface HomePageProps {
  /** The plan category cards; composed by the app because they belong to the catalogue feature. */
  categories: ReactNode;
  /** The ZIP code coverage form, from the coverage feature. */
  coverageForm: ReactNode;
}

export default function HomePage({ categories, coverageForm }: HomePageProps) {
  const intl = useIntl();
  const formatMoney = useFormatMoney();
  usePageTitle(intl.formatMessage({ id: 'home.pageTitle' }));
  const price = formatMoney(PAYGO_FROM_CENTS);
  useMetaDescription(intl.formatMessage({ id: 'home.hero.lead' }, { price }));

  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <div className="hero__copy">
            <p className="eyebrow eyebrow--light">
              <FormattedMessage id="home.hero.eyebrow" />
            </p>
            <h1 id="hero-title" className="hero__title">
              <FormattedMessage id="home.hero.title" />
            </h1>
            <p className="hero__lead">
              <FormattedMessage id="home.hero.lead" values={{ price: <strong key="price" className="hero__price">{price}</strong> }} />
            </p>
            <div className="hero__actions">
              <Link to="/plans" className="btn btn--accent btn--lg">
                <FormattedMessage id="home.hero.cta" />
              </Link>
              {/* Through the router, so the scroll rule (500 ms, 90 px offset) applies. */}
              <Link to={{ hash: 'coverage' }} className="btn btn--on-dark btn--lg">
                <FormattedMessage id="home.hero.coverage" />
              </Link>
            </div>
            <ul className="hero__ticks">
              <li>
                <FormattedMessage id="home.hero.tick.contract" />
              </li>
              <li>
                <FormattedMessage id="home.hero.tick.activation" />
              </li>
              <li>
                <FormattedMessage id="home.hero.tick.esim" />
              </li>
            </ul>
          </div>
          <HeroArt price={price} />
        </div>
      </section>

      <section className="container section claims" aria-labelledby="claims-title">
        <h2 id="claims-title" className="visually-hidden">
          <FormattedMessage id="home.claims.title" />
        </h2>
        <ul className="claim-grid">
          <Claim icon={<ShieldIcon size={26} />} titleId="home.claim.noContract.title" textId="home.claim.noContract.text" />
          <Claim icon={<SignalIcon size={26} />} titleId="home.claim.network.title" textId="home.claim.network.text" />
          <Claim icon={<WifiIcon size={26} />} titleId="home.claim.wifi.title" textId="home.claim.wifi.text" />
          <Claim icon={<QrIcon size={26} />} titleId="home.claim.esim.title" textId="home.claim.esim.text" />
        </ul>
      </section>

      <section className="section section--tint" aria-labelledby="categories-title">
        <div className="container">
          <header className="section-header">
            <h2 id="categories-title" className="section-title">
              <FormattedMessage id="home.categories.title" />
            </h2>
            <p className="section-lead">
              <FormattedMessage id="home.categories.lead" />
            </p>
          </header>
          {categories}
          <p className="fine-print">
            <FormattedMessage id="home.fairUse" />
          </p>
        </div>
      </section>

      <section className="container section intl" aria-labelledby="intl-title">
        <div className="intl__copy">
          <p className="eyebrow">
            <FormattedMessage id="home.intl.eyebrow" />
          </p>
          <h2 id="intl-title" className="section-title">
            <FormattedMessage id="home.intl.title" />
          </h2>
          <p className="section-lead">
            <FormattedMessage id="home.intl.lead" />
          </p>
          <Link to="/international-rate" className="btn btn--primary">
            <FormattedMessage id="home.intl.cta" />
          </Link>
        </div>
        <ul className="intl__stats">
          <li>
            <PhoneIcon size={24} />
            <strong>
              <FormattedMessage id="home.intl.us.title" />
            </strong>
            <span>
              <FormattedMessage id="home.intl.us.text" />
            </span>
          </li>
          <li>
            <GlobeIcon size={24} />
            <strong>
              <FormattedMessage id="home.intl.unlimited.title" />
            </strong>
            <span>
              <FormattedMessage id="home.intl.unlimited.text" />
            </span>
          </li>
          <li>
            <SignalIcon size={24} />
            <strong>
              <FormattedMessage id="home.intl.minutes.title" />
            </strong>
            <span>
              <FormattedMessage id="home.intl.minutes.text" />
            </span>
          </li>
        </ul>
      </section>

      <section id="coverage" className="section section--tint" aria-labelledby="coverage-title">
        <div className="container coverage-band">
          <div>
            <h2 id="coverage-title" className="section-title">
              <FormattedMessage id="home.coverage.title" />
            </h2>
            <p className="section-lead">
              <FormattedMessage id="home.coverage.lead" />
            </p>
          </div>
          {coverageForm}
        </div>
      </section>

      <section className="container section esim-promo" aria-labelledby="esim-title">
        <div className="esim-promo__card">
          <QrIcon size={40} />
          <div>
            <h2 id="esim-title" className="section-title section-title--sm">
              <FormattedMessage id="home.esim.title" />
            </h2>
            <p>
              <FormattedMessage id="home.esim.text" />
            </p>
          </div>
          <Link to="/about-esim" className="btn btn--outline">
            <FormattedMessage id="home.esim.cta" />
          </Link>
        </div>
      </section>

      <section className="container section earn" aria-labelledby="earn-title">
        <h2 id="earn-title" className="section-title">
          <FormattedMessage id="home.earn.title" />
        </h2>
        <ul className="earn-grid">
          <li className="earn-card">
            <GiftIcon size={28} />
            <h3 className="earn-card__title">
              <FormattedMessage id="home.refer.title" values={{ amount: formatMoney(REFERRAL_CREDIT_CENTS) }} />
            </h3>
            <p>
              <FormattedMessage id="home.refer.text" values={{ amount: formatMoney(REFERRAL_CREDIT_CENTS) }} />
            </p>
          </li>
          <li className="earn-card">
            <SignalIcon size={28} />
            <h3 className="earn-card__title">
              <FormattedMessage id="home.affiliate.title" />
            </h3>
            <p>
              <FormattedMessage id="home.affiliate.text" values={{ cap: formatMoney(AFFILIATE_CAP_CENTS) }} />
            </p>
            <Link to="/affiliate-program" className="text-link">
              <FormattedMessage id="home.affiliate.cta" />
            </Link>
          </li>
          <li className="earn-card">
            <TruckIcon size={28} />
            <h3 className="earn-card__title">
              <FormattedMessage id="home.shipping.title" />
            </h3>
            <p>
              <FormattedMessage id="home.shipping.text" />
            </p>
            <Link to="/shipping-fee" className="text-link">
              <FormattedMessage id="home.shipping.cta" />
            </Link>
          </li>
        </ul>
      </section>
    </>
  );
}

function Claim({ icon, titleId, textId }: { icon: ReactNode; titleId: string; textId: string }) {
  return (
    <li className="claim">
      <span className="claim__icon">{icon}</span>
      <h3 className="claim__title">
        <FormattedMessage id={titleId} />
      </h3>
      <p className="claim__text">
        <FormattedMessage id={textId} />
      </p>
    </li>
  );
}
