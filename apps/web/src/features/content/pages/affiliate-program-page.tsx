import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useFormatMoney } from '../../../lib/use-format-money';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMetaDescription } from '../../../lib/use-meta-description';
import { ProseBlock } from '../components/prose';
import { useCompanyValues } from '../components/use-company-values';
import '../content.css';

/** Spec §1: 5% perpetual commission as credit, up to 10 USD per order; 10 USD per referred friend. */
const COMMISSION_PERCENT = 5;
const COMMISSION_CAP_CENTS = 1000;
const REFERRAL_CREDIT_CENTS = 1000;

/**
 * /affiliate-program. `codeCard` is the affiliate feature's card (the subscriber's own code, or how to
 * get one), composed in by the route so this content page does not import another feature.
 */
export default function AffiliateProgramPage({ codeCard }: { codeCard?: ReactNode }) {
  const intl = useIntl();
  const formatMoney = useFormatMoney();
  const { values: companyValues } = useCompanyValues();
  // The title names the company; a plain string for the tab, never the raw '{company}' placeholder.
  const title = intl.formatMessage({ id: 'affiliate.title' }, { company: String(companyValues.company) });
  usePageTitle(title);
  const values = {
    ...companyValues,
    percent: intl.formatNumber(COMMISSION_PERCENT / 100, { style: 'percent' }),
    cap: formatMoney(COMMISSION_CAP_CENTS),
    credit: formatMoney(REFERRAL_CREDIT_CENTS),
  };
  useMetaDescription(intl.formatMessage({ id: 'affiliate.lead' }, { company: String(companyValues.company), percent: values.percent, cap: values.cap }));

  return (
    <div className="container page">
      <header className="page-header page-header--center">
        <p className="eyebrow">
          <FormattedMessage id="affiliate.eyebrow" />
        </p>
        <h1 className="page-title">{title}</h1>
        <p className="page-lead">
          <FormattedMessage id="affiliate.lead" values={values} />
        </p>
      </header>

      {codeCard}

      <ol className="steps">
        {[1, 2, 3].map((n) => (
          <li key={n} className="step">
            <span className="step__number" aria-hidden="true">
              {n}
            </span>
            <h2 className="step__title">
              <FormattedMessage id={`affiliate.step${n}.title`} />
            </h2>
            <p>
              <FormattedMessage id={`affiliate.step${n}.text`} values={values} />
            </p>
          </li>
        ))}
      </ol>

      <div className="prose page--narrow">
        <ProseBlock section={{ id: 'affiliate.commission', paragraphs: 1, items: 4 }} values={values} />
        <ProseBlock section={{ id: 'affiliate.refer', paragraphs: 2 }} values={values} />
        <ProseBlock section={{ id: 'affiliate.rules', paragraphs: 1, items: 4 }} values={values} />
        <div className="cta-row">
          <Link to="/auth/registration" className="btn btn--primary">
            <FormattedMessage id="affiliate.cta" />
          </Link>
          <p className="muted">
            <FormattedMessage id="affiliate.contact" values={values} />
          </p>
        </div>
      </div>
    </div>
  );
}
