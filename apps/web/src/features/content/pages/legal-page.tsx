import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useMatches } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMetaDescription } from '../../../lib/use-meta-description';
import { Skeleton } from '../../../components/ui/skeleton';
import { ProseBlock } from '../components/prose';
import { useCompanyValues } from '../components/use-company-values';
import { LEGAL_PAGES, type LegalPageKey } from '../legal-content';
import '../content.css';

/** Privacy, terms, shipping, refund and account deletion policies; the route's handle picks which. */
export default function LegalPage() {
  const intl = useIntl();
  const matches = useMatches();
  const key = (matches[matches.length - 1]?.handle as { legal?: LegalPageKey } | undefined)?.legal ?? 'terms';
  const content = LEGAL_PAGES[key];
  const { values, ready } = useCompanyValues();
  usePageTitle(intl.formatMessage({ id: content.titleId }));
  useMetaDescription(intl.formatMessage({ id: content.introId }, { company: String(values.company) }));

  return (
    <div className="container page page--narrow">
      <article className="prose" aria-busy={!ready || undefined}>
        <header className="page-header">
          <h1 className="page-title">
            <FormattedMessage id={content.titleId} />
          </h1>
          <p className="muted">
            <FormattedMessage
              id="legal.updated"
              values={{ date: <FormattedDate key="date" value={new Date(`${content.updated}T12:00:00Z`)} dateStyle="long" /> }}
            />
          </p>
        </header>
        {ready ? (
          <>
            <p className="page-lead">
              <FormattedMessage id={content.introId} values={values} />
            </p>
            {content.sections.map((section) => (
              <ProseBlock key={section.id} section={section} values={values} />
            ))}
          </>
        ) : (
          <Skeleton lines={8} />
        )}
      </article>
    </div>
  );
}
