import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { usePublicDetails } from '../../../lib/public-details';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMetaDescription } from '../../../lib/use-meta-description';
import { ExternalLink } from '../../../components/ui/external-link';
import { CheckIcon, QrIcon, SimIcon } from '../../../components/ui/icons';
import { ProseBlock } from '../components/prose';
import '../content.css';

const COMPARISON_ROWS = ['delivery', 'setup', 'switching', 'dual', 'durability', 'devices'] as const;
const DEVICE_GROUPS = [
  { id: 'apple', items: 3 },
  { id: 'google', items: 2 },
  { id: 'samsung', items: 3 },
  { id: 'other', items: 3 },
] as const;

/** /about-esim — what an eSIM is, which phones take one, how to install it, and physical vs eSIM. */
export default function AboutEsimPage() {
  const intl = useIntl();
  const { data: details } = usePublicDetails();
  usePageTitle(intl.formatMessage({ id: 'esim.title' }));
  useMetaDescription(intl.formatMessage({ id: 'esim.lead' }));
  const values = { b: (chunks: ReactNode[]) => <strong>{chunks}</strong> };

  return (
    <div className="container page">
      <header className="page-header page-header--center">
        <p className="eyebrow">
          <FormattedMessage id="esim.eyebrow" />
        </p>
        <h1 className="page-title">
          <FormattedMessage id="esim.title" />
        </h1>
        <p className="page-lead">
          <FormattedMessage id="esim.lead" />
        </p>
      </header>

      <div className="prose page--narrow">
        <ProseBlock section={{ id: 'esim.what', paragraphs: 2 }} values={values} />
      </div>

      <section className="section">
        <h2 id="esim-compare" className="section-title section-title--sm">
          <FormattedMessage id="esim.compare.title" />
        </h2>
        <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="esim-compare">
          <table className="data-table compare-table">
            <thead>
              <tr>
                <td />
                <th scope="col">
                  <span className="compare-table__head">
                    <SimIcon size={18} />
                    <FormattedMessage id="plan.sim.physical" />
                  </span>
                </th>
                <th scope="col">
                  <span className="compare-table__head">
                    <QrIcon size={18} />
                    <FormattedMessage id="plan.sim.esim" />
                  </span>
                </th>
              </tr>
            </thead>
            <tbody>
              {COMPARISON_ROWS.map((row) => (
                <tr key={row}>
                  <th scope="row">
                    <FormattedMessage id={`esim.compare.${row}`} />
                  </th>
                  <td>
                    <FormattedMessage id={`esim.compare.${row}.physical`} />
                  </td>
                  <td>
                    <FormattedMessage id={`esim.compare.${row}.esim`} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="section" aria-labelledby="esim-devices">
        <h2 id="esim-devices" className="section-title section-title--sm">
          <FormattedMessage id="esim.devices.title" />
        </h2>
        <p className="section-lead">
          <FormattedMessage id="esim.devices.lead" values={values} />
        </p>
        <div className="device-grid">
          {DEVICE_GROUPS.map((group) => (
            <section key={group.id} className="device-card" aria-labelledby={`devices-${group.id}`}>
              <h3 id={`devices-${group.id}`}>
                <FormattedMessage id={`esim.devices.${group.id}`} />
              </h3>
              <ul className="check-list">
                {Array.from({ length: group.items }, (_, i) => i + 1).map((n) => (
                  <li key={n}>
                    <CheckIcon size={16} />
                    <FormattedMessage id={`esim.devices.${group.id}.item${n}`} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
        <p className="fine-print">
          <FormattedMessage id="esim.devices.note" />
        </p>
      </section>

      <section className="section" aria-labelledby="esim-install">
        <h2 id="esim-install" className="section-title section-title--sm">
          <FormattedMessage id="esim.install.title" />
        </h2>
        <p className="section-lead">
          <FormattedMessage id="esim.install.lead" />
        </p>
        <div className="install-grid">
          {(['iphone', 'android'] as const).map((platform) => (
            <section key={platform} className="install-card" aria-labelledby={`install-${platform}`}>
              <h3 id={`install-${platform}`}>
                <FormattedMessage id={`esim.install.${platform}`} />
              </h3>
              <ol>
                {[1, 2, 3, 4, 5].map((n) => (
                  <li key={n}>
                    <FormattedMessage id={`esim.install.${platform}.step${n}`} values={values} />
                  </li>
                ))}
              </ol>
            </section>
          ))}
        </div>
      </section>

      <div className="prose page--narrow">
        <ProseBlock section={{ id: 'esim.tips', paragraphs: 0, items: 4 }} values={values} />
        <div className="cta-row">
          <Link to="/plans" className="btn btn--primary">
            <FormattedMessage id="esim.cta" />
          </Link>
          {details ? (
            <ExternalLink href={details.globalEsimUrl} className="btn btn--outline">
              <FormattedMessage id="esim.global" />
            </ExternalLink>
          ) : null}
        </div>
      </div>
    </div>
  );
}
