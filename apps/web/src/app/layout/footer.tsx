import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { categoryPath } from '@app/shared/rules/catalogue';
import { useVisibleCategories } from '../../features/catalogue/api/get-plan-categories';
import { usePublicDetails } from '../../lib/public-details';
import { ExternalLink } from '../../components/ui/external-link';
import { BookIcon, ChatIcon, GlobeIcon, MailIcon, SendIcon } from '../../components/ui/icons';
import { PaymentBadges } from './payment-badges';
import './footer.css';
import { displayPhone } from '../../lib/calling-codes';

const COMPANY_LINKS = [
  { to: '/about', labelId: 'footer.about' },
  { to: '/faq', labelId: 'footer.faq' },
  { to: '/affiliate-program', labelId: 'footer.affiliate' },
  { to: '/about-esim', labelId: 'footer.aboutEsim' },
];
const MORE_LINKS = [
  { to: '/international-rate', labelId: 'nav.internationalRate' },
  { to: '/shipping-fee', labelId: 'nav.shippingFee' },
  { to: '/coverage', labelId: 'footer.coverage' },
  { to: '/activate', labelId: 'nav.support.activate' },
  { to: '/port-in-number', labelId: 'nav.support.portIn' },
  { to: '/wifi-actions', labelId: 'footer.wifi' },
];
const LEGAL_LINKS = [
  { to: '/privacy-policy', labelId: 'footer.privacy' },
  { to: '/terms', labelId: 'footer.terms' },
  { to: '/shipping-policy', labelId: 'footer.shippingPolicy' },
  { to: '/refund-policy', labelId: 'footer.refundPolicy' },
  { to: '/delete-account-policy', labelId: 'footer.deleteAccountPolicy' },
];
const LINK_COLUMNS = [
  { id: 'footer-company', titleId: 'footer.company', links: COMPANY_LINKS },
  { id: 'footer-more', titleId: 'footer.moreInfo', links: MORE_LINKS },
  { id: 'footer-legal', titleId: 'footer.legal', links: LEGAL_LINKS },
];

function whatsappHref(number: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}`;
}

function telegramHref(handle: string): string {
  return `https://t.me/${handle.replace(/^@/, '')}`;
}

/** The site footer (spec §2): five link columns, payment methods, copyright with the current year. */
export default function Footer() {
  const intl = useIntl();
  const { data: details } = usePublicDetails();
  const { data: categories } = useVisibleCategories();
  // A year is not a quantity: the page's digits, no thousands separator ("2026", "۲۰۲۶").
  const formattedYear = intl.formatNumber(new Date().getFullYear(), { useGrouping: false });

  return (
    <footer className="site-footer" data-testid="site-footer">
      <div className="container site-footer__columns">
        <nav className="footer-col" aria-labelledby="footer-plans">
          <h2 id="footer-plans" className="footer-col__title">
            <FormattedMessage id="footer.plans" />
          </h2>
          <ul>
            {(categories ?? []).map((category) => (
              <li key={category.id}>
                <Link to={categoryPath(category)}>{category.name}</Link>
              </li>
            ))}
            <li>
              <Link to="/plans">
                <FormattedMessage id="nav.plans.all" />
              </Link>
            </li>
          </ul>
        </nav>
        {LINK_COLUMNS.map((column) => (
          <nav key={column.id} className="footer-col" aria-labelledby={column.id}>
            <h2 id={column.id} className="footer-col__title">
              <FormattedMessage id={column.titleId} />
            </h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>
                    <FormattedMessage id={link.labelId} />
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <section className="footer-col" aria-labelledby="footer-support">
          <h2 id="footer-support" className="footer-col__title">
            <FormattedMessage id="footer.support" />
          </h2>
          {details ? (
            <ul className="footer-contact">
              <li>
                <MailIcon size={18} />
                <span>
                  <span className="footer-contact__label">
                    <FormattedMessage id="footer.salesEmail" />
                  </span>
                  <a href={`mailto:${details.salesEmail}`}>{details.salesEmail}</a>
                </span>
              </li>
              <li>
                <MailIcon size={18} />
                <span>
                  <span className="footer-contact__label">
                    <FormattedMessage id="footer.contactEmail" />
                  </span>
                  <a href={`mailto:${details.contactEmail}`}>{details.contactEmail}</a>
                </span>
              </li>
              <li>
                <ChatIcon size={18} />
                <span>
                  <span className="footer-contact__label">
                    <FormattedMessage id="footer.whatsapp" />
                  </span>
                  <ExternalLink href={whatsappHref(details.whatsapp)}><span dir="ltr">{displayPhone(details.whatsapp)}</span></ExternalLink>
                </span>
              </li>
              <li>
                <SendIcon size={18} />
                <span>
                  <span className="footer-contact__label">
                    <FormattedMessage id="footer.telegram" />
                  </span>
                  <ExternalLink href={telegramHref(details.telegram)}><span dir="ltr">{details.telegram}</span></ExternalLink>
                </span>
              </li>
              <li>
                <GlobeIcon size={18} />
                <ExternalLink href={details.globalEsimUrl}>
                  <FormattedMessage id="nav.globalEsim" />
                </ExternalLink>
              </li>
              <li>
                <BookIcon size={18} />
                <ExternalLink href={details.userManualUrl}>
                  <FormattedMessage id="nav.userManual" />
                </ExternalLink>
              </li>
            </ul>
          ) : (
            <p className="muted-inverse">
              <FormattedMessage id="footer.supportUnavailable" />
            </p>
          )}
        </section>
      </div>
      <div className="container site-footer__payments">
        <PaymentBadges />
      </div>
      <div className="site-footer__legal">
        <div className="container site-footer__legal-inner">
          <p>
            {details
              ? intl.formatMessage({ id: 'footer.copyright' }, { year: formattedYear, company: details.companyName })
              : intl.formatMessage({ id: 'footer.copyrightNoName' }, { year: formattedYear })}
          </p>
          {/* The company's address is data in its own script: isolated, it keeps its order in any page. */}
          {details ? (
            <p className="site-footer__address">
              <bdi>{details.address}</bdi>
            </p>
          ) : null}
        </div>
      </div>
    </footer>
  );
}
