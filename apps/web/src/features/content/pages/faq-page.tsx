import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMetaDescription } from '../../../lib/use-meta-description';
import { useCompanyValues } from '../components/use-company-values';
import '../content.css';

/** Questions grouped by topic; ids are faq.<group>.q<n> / .a<n> in the catalogues. */
const GROUPS = [
  { id: 'plans', count: 4 },
  { id: 'sim', count: 4 },
  { id: 'activation', count: 3 },
  { id: 'orders', count: 3 },
  { id: 'account', count: 3 },
] as const;

export default function FaqPage() {
  const intl = useIntl();
  const { values } = useCompanyValues();
  usePageTitle(intl.formatMessage({ id: 'faq.title' }));
  useMetaDescription(intl.formatMessage({ id: 'faq.lead' }));
  return (
    <div className="container page page--narrow">
      <header className="page-header">
        <h1 className="page-title">
          <FormattedMessage id="faq.title" />
        </h1>
        <p className="page-lead">
          <FormattedMessage id="faq.lead" />
        </p>
      </header>
      {GROUPS.map((group) => (
        <section key={group.id} className="faq-group" aria-labelledby={`faq-${group.id}`}>
          <h2 id={`faq-${group.id}`} className="section-title section-title--sm">
            <FormattedMessage id={`faq.${group.id}.title`} />
          </h2>
          {Array.from({ length: group.count }, (_, i) => i + 1).map((n) => (
            <details key={n} className="faq-item">
              <summary>
                <FormattedMessage id={`faq.${group.id}.q${n}`} />
              </summary>
              <div className="faq-item__answer">
                <p>
                  <FormattedMessage id={`faq.${group.id}.a${n}`} values={values} />
                </p>
              </div>
            </details>
          ))}
        </section>
      ))}
      <aside className="notice notice--info">
        <p>
          <FormattedMessage id="faq.more" values={{ ...values, about: (chunks) => <Link key="about" to="/about">{chunks}</Link> }} />
        </p>
      </aside>
    </div>
  );
}
