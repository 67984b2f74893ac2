import { useId, useMemo, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import type { Rate } from '@app/shared/contracts/catalogue';
import { useFormatMoney } from '../../../lib/use-format-money';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMetaDescription } from '../../../lib/use-meta-description';
import { useRegionName } from '../../../lib/use-region-names';
import { Skeleton } from '../../../components/ui/skeleton';
import { CheckIcon, GlobeIcon, PhoneIcon, SearchIcon } from '../../../components/ui/icons';
import { useRates } from '../api/get-rates';
import { findRate } from '../rate-search';
import '../rates.css';

/** /international-rate — search a destination and see what calls and texts to it cost. */
export default function InternationalRatePage() {
  const intl = useIntl();
  const rates = useRates();
  const regionName = useRegionName();
  const formatMoney = useFormatMoney();
  const [params, setParams] = useSearchParams();
  const selectedCode = params.get('country')?.toUpperCase() ?? '';
  const [query, setQuery] = useState('');
  const [notFound, setNotFound] = useState<string | null>(null);
  const inputId = useId();
  const listId = useId();
  usePageTitle(intl.formatMessage({ id: 'rates.title' }));
  useMetaDescription(intl.formatMessage({ id: 'rates.lead' }));

  const sorted = useMemo(
    () =>
      [...(rates.data ?? [])]
        .map((r) => ({ rate: r, name: regionName(r.country, r.countryName) }))
        .sort((a, b) => a.name.localeCompare(b.name, intl.locale)),
    [rates.data, regionName, intl.locale],
  );
  const selected = rates.data?.find((r) => r.country === selectedCode);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!rates.data) return;
    const match = findRate(rates.data, query, regionName);
    if (!match) {
      setNotFound(query.trim());
      return;
    }
    setNotFound(null);
    setQuery(regionName(match.country, match.countryName));
    setParams({ country: match.country }, { replace: false });
  }

  return (
    <div className="container page">
      <header className="page-header">
        <h1 className="page-title">
          <FormattedMessage id="rates.title" />
        </h1>
        <p className="page-lead">
          <FormattedMessage id="rates.lead" />
        </p>
      </header>

      <ul className="highlight-grid">
        <li className="highlight">
          <PhoneIcon size={24} />
          <h2 className="highlight__title">
            <FormattedMessage id="rates.highlight.us.title" />
          </h2>
          <p>
            <FormattedMessage id="rates.highlight.us.text" />
          </p>
        </li>
        <li className="highlight">
          <GlobeIcon size={24} />
          <h2 className="highlight__title">
            <FormattedMessage id="rates.highlight.unlimited.title" />
          </h2>
          <p>
            <FormattedMessage id="rates.highlight.unlimited.text" />
          </p>
        </li>
        <li className="highlight">
          <CheckIcon size={24} />
          <h2 className="highlight__title">
            <FormattedMessage id="rates.highlight.minutes.title" />
          </h2>
          <p>
            <FormattedMessage id="rates.highlight.minutes.text" />
          </p>
        </li>
      </ul>

      <section className="rate-search" aria-labelledby="rate-search-title">
        <h2 id="rate-search-title" className="section-title section-title--sm">
          <FormattedMessage id="rates.searchTitle" />
        </h2>
        <form className="search-form" onSubmit={onSubmit} role="search">
          <label htmlFor={inputId} className="field-label">
            <FormattedMessage id="rates.countryLabel" />
          </label>
          <div className="search-form__row">
            <input
              id={inputId}
              className="input"
              list={listId}
              autoComplete="country-name"
              placeholder={intl.formatMessage({ id: 'rates.countryPlaceholder' })}
              value={query}
              disabled={!rates.data}
              onChange={(event) => {
                setQuery(event.target.value);
                setNotFound(null);
              }}
            />
            <datalist id={listId}>
              {sorted.map(({ rate, name }) => (
                <option key={rate.country} value={name} />
              ))}
            </datalist>
            <button type="submit" className="btn btn--primary" disabled={!rates.data}>
              <SearchIcon size={18} />
              <FormattedMessage id="rates.search" />
            </button>
          </div>
        </form>

        <div className="rate-result" aria-live="polite" aria-busy={rates.isPending || undefined}>
          {rates.isPending ? (
            <Skeleton lines={3} />
          ) : rates.isError ? (
            <p className="notice notice--warning">
              <FormattedMessage id="rates.loadError" />
            </p>
          ) : notFound !== null || (selectedCode && !selected) ? (
            <div className="notice notice--warning">
              <p className="notice__title">
                <FormattedMessage id="rates.notFound" />
              </p>
              <p>
                <FormattedMessage id="rates.notFoundHint" />
              </p>
            </div>
          ) : selected ? (
            <RateCard rate={selected} name={regionName(selected.country, selected.countryName)} formatMoney={formatMoney} />
          ) : null}
        </div>
      </section>

      {rates.data && rates.data.length > 0 ? (
        <details className="rate-table-wrap">
          <summary>
            <FormattedMessage id="rates.allDestinations" values={{ count: rates.data.length }} />
          </summary>
          <div className="table-scroll" tabIndex={0} role="region" aria-label={intl.formatMessage({ id: 'rates.tableLabel' })}>
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">
                    <FormattedMessage id="rates.col.country" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="rates.col.dialCode" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="rates.col.voice" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="rates.col.sms" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="rates.col.included" />
                  </th>
                </tr>
              </thead>
              <tbody>
                {sorted.map(({ rate, name }) => (
                  <tr key={rate.country}>
                    <th scope="row">
                      <Link to={{ search: `?country=${rate.country}` }}>{name}</Link>
                    </th>
                    <td>{rate.dialCode}</td>
                    <td>{formatMoney(rate.voiceRate)}</td>
                    <td>{formatMoney(rate.smsRate)}</td>
                    <td>
                      {rate.unlimitedCalls
                        ? intl.formatMessage({ id: 'rates.included.unlimited' })
                        : rate.includedMinutes
                          ? intl.formatMessage({ id: 'rates.included.minutes' })
                          : '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      ) : null}

      <p className="fine-print">
        <FormattedMessage id="rates.disclaimer" />
      </p>
    </div>
  );
}

function RateCard({ rate, name, formatMoney }: { rate: Rate; name: string; formatMoney: (cents: number) => string }) {
  return (
    <article className="rate-card" aria-labelledby="rate-card-title">
      <header className="rate-card__head">
        <h3 id="rate-card-title" className="rate-card__title">
          {name}
        </h3>
        <span className="rate-card__dial">{rate.dialCode}</span>
      </header>
      <dl className="rate-card__facts">
        <div>
          <dt>
            <FormattedMessage id="rates.voice" />
          </dt>
          <dd>
            <FormattedMessage id="rates.perMinute" values={{ price: formatMoney(rate.voiceRate) }} />
          </dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="rates.sms" />
          </dt>
          <dd>
            <FormattedMessage id="rates.perMessage" values={{ price: formatMoney(rate.smsRate) }} />
          </dd>
        </div>
      </dl>
      <ul className="rate-card__badges">
        {rate.unlimitedCalls ? (
          <li className="badge badge--success">
            <CheckIcon size={14} />
            <FormattedMessage id="rates.badge.unlimited" />
          </li>
        ) : null}
        {rate.includedMinutes ? (
          <li className="badge badge--info">
            <CheckIcon size={14} />
            <FormattedMessage id="rates.badge.minutes" />
          </li>
        ) : null}
      </ul>
    </article>
  );
}
