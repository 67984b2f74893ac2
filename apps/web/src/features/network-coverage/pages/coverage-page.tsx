import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMetaDescription } from '../../../lib/use-meta-description';
import { Spinner } from '../../../components/ui/spinner';
import { CheckIcon, CloseIcon, PinIcon } from '../../../components/ui/icons';
import { useCoverage } from '../api/get-coverage';
import { ZipForm } from '../components/zip-form';
import '../coverage.css';

const ZIP = /^\d{5}$/;

/** /coverage/:zipcode — network coverage for a US ZIP code, with a form to check another. */
export default function CoveragePage() {
  const intl = useIntl();
  const { zipcode } = useParams();
  const validZip = zipcode && ZIP.test(zipcode) ? zipcode : undefined;
  const coverage = useCoverage(validZip);
  usePageTitle(intl.formatMessage({ id: 'coverage.title' }));
  useMetaDescription(intl.formatMessage({ id: 'coverage.lead' }));

  return (
    <div className="container page page--narrow">
      <header className="page-header">
        <h1 className="page-title">
          <FormattedMessage id="coverage.title" />
        </h1>
        <p className="page-lead">
          <FormattedMessage id="coverage.lead" />
        </p>
      </header>

      <ZipForm key={zipcode ?? ''} initial={validZip ?? ''} />

      <section className="coverage-result" aria-live="polite" aria-busy={coverage.isFetching || undefined}>
        {zipcode && !validZip ? (
          <p className="notice notice--warning">
            <FormattedMessage id="validation.digitsOnly" values={{ num: 5 }} />
          </p>
        ) : !validZip ? null : coverage.isPending ? (
          <Spinner />
        ) : coverage.isError ? (
          <p className="notice notice--warning">
            <FormattedMessage id="coverage.error" />
          </p>
        ) : coverage.data === null ? (
          <div className="notice">
            <h2 className="notice__title">
              <FormattedMessage id="coverage.notFound" />
            </h2>
            <p>
              <FormattedMessage id="coverage.notFoundHint" values={{ zip: validZip }} />
            </p>
          </div>
        ) : (
          <article className="coverage-card" aria-labelledby="coverage-heading">
            <header className="coverage-card__head">
              <PinIcon size={22} />
              <h2 id="coverage-heading" className="coverage-card__title">
                {coverage.data.city && coverage.data.state ? (
                  <FormattedMessage
                    id="coverage.place"
                    values={{ zip: coverage.data.zipcode, city: coverage.data.city, state: coverage.data.state }}
                  />
                ) : coverage.data.state ? (
                  <FormattedMessage id="coverage.placeState" values={{ zip: coverage.data.zipcode, state: coverage.data.state }} />
                ) : (
                  <FormattedMessage id="coverage.placeZipOnly" values={{ zip: coverage.data.zipcode }} />
                )}
              </h2>
              <span className={`quality quality--${coverage.data.quality}`}>
                <FormattedMessage id={`coverage.quality.${coverage.data.quality}`} />
              </span>
            </header>
            <ul className="coverage-card__list">
              <li className={coverage.data.has5g ? 'is-yes' : 'is-no'}>
                {coverage.data.has5g ? <CheckIcon size={18} /> : <CloseIcon size={18} />}
                <FormattedMessage id={coverage.data.has5g ? 'coverage.5g.yes' : 'coverage.5g.no'} />
              </li>
              <li className={coverage.data.has4g ? 'is-yes' : 'is-no'}>
                {coverage.data.has4g ? <CheckIcon size={18} /> : <CloseIcon size={18} />}
                <FormattedMessage id={coverage.data.has4g ? 'coverage.4g.yes' : 'coverage.4g.no'} />
              </li>
              <li className="is-yes">
                <CheckIcon size={18} />
                <FormattedMessage id="coverage.wifiCalling" />
              </li>
            </ul>
            <p className="coverage-card__cta">
              <Link to="/plans" className="btn btn--primary">
                <FormattedMessage id="coverage.seePlans" />
              </Link>
            </p>
          </article>
        )}
      </section>
      <p className="fine-print">
        <FormattedMessage id="coverage.disclaimer" />
      </p>
    </div>
  );
}
