import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { usePublicDetails } from '../../../lib/public-details';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMetaDescription } from '../../../lib/use-meta-description';
import { Skeleton } from '../../../components/ui/skeleton';
import { ChatIcon, MailIcon, PhoneIcon, PinIcon } from '../../../components/ui/icons';
import { ProseBlock } from '../components/prose';
import { useCompanyValues } from '../components/use-company-values';
import '../content.css';
import { displayPhone } from '../../../lib/calling-codes';
import { useFormatPhone } from '../../../lib/use-format-phone';

export default function AboutPage() {
  const intl = useIntl();
  const formatPhone = useFormatPhone();
  const { data: details, isPending } = usePublicDetails();
  const { values } = useCompanyValues();
  usePageTitle(intl.formatMessage({ id: 'about.title' }));
  useMetaDescription(intl.formatMessage({ id: 'about.lead' }, { company: String(values.company) }));

  return (
    <div className="container page">
      <header className="page-header page-header--center">
        <h1 className="page-title">
          <FormattedMessage id="about.title" />
        </h1>
        <p className="page-lead">
          <FormattedMessage id="about.lead" values={values} />
        </p>
      </header>

      <div className="about-layout">
        <div className="prose">
          <ProseBlock section={{ id: 'about.story', paragraphs: 2 }} values={values} />
          <ProseBlock section={{ id: 'about.offer', paragraphs: 1, items: 4 }} values={values} />
          <ProseBlock section={{ id: 'about.promise', paragraphs: 2 }} values={values} />
          <p>
            <Link to="/plans" className="btn btn--primary">
              <FormattedMessage id="about.cta" />
            </Link>
          </p>
        </div>

        <aside className="contact-card" aria-labelledby="contact-title" aria-busy={isPending || undefined}>
          <h2 id="contact-title" className="contact-card__title">
            <FormattedMessage id="about.contact" />
          </h2>
          {isPending ? (
            <Skeleton lines={4} />
          ) : details ? (
            <ul className="contact-card__list">
              <li>
                <PinIcon size={18} />
                <bdi>{details.address}</bdi>
              </li>
              <li>
                <PhoneIcon size={18} />
                <a href={`tel:${details.phone.replace(/[^\d+]/g, '')}`}><span dir="ltr">{displayPhone(details.phone)}</span></a>
              </li>
              <li>
                <MailIcon size={18} />
                <a href={`mailto:${details.email}`}>{details.email}</a>
              </li>
              <li>
                <ChatIcon size={18} />
                <span>
                  <FormattedMessage id="about.whatsapp" values={{ number: formatPhone(details.whatsapp) }} />
                </span>
              </li>
            </ul>
          ) : (
            <p>
              <FormattedMessage id="footer.supportUnavailable" />
            </p>
          )}
        </aside>
      </div>
    </div>
  );
}
