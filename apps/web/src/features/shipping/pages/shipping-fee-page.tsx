import { useId, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { useFormatMoney } from '../../../lib/use-format-money';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMetaDescription } from '../../../lib/use-meta-description';
import { useRegionName } from '../../../lib/use-region-names';
import { Skeleton } from '../../../components/ui/skeleton';
import { TruckIcon } from '../../../components/ui/icons';
import { useShippingRates } from '../api/get-shipping-rates';
import '../shipping.css';
import { ShippingOptionName } from '../../../components/ui/shipping-option-name';

const DEFAULT_COUNTRY = 'US';

/** /shipping-fee — pick a destination country and see how a SIM card can be shipped there. */
export default function ShippingFeePage() {
  const intl = useIntl();
  const formatMoney = useFormatMoney();
  const regionName = useRegionName();
  const [params, setParams] = useSearchParams();
  const selectId = useId();
  usePageTitle(intl.formatMessage({ id: 'shipping.title' }));
  useMetaDescription(intl.formatMessage({ id: 'shipping.lead' }));

  // The full list tells us which countries we ship to; the per-country call gives that country's options.
  const all = useShippingRates();
  const countries = useMemo(() => {
    const codes = [...new Set((all.data ?? []).map((r) => r.country.toUpperCase()))];
    return codes.map((code) => ({ code, name: regionName(code) })).sort((a, b) => a.name.localeCompare(b.name, intl.locale));
  }, [all.data, regionName, intl.locale]);

  const requested = params.get('country')?.toUpperCase();
  const country = requested ?? (countries.some((c) => c.code === DEFAULT_COUNTRY) ? DEFAULT_COUNTRY : countries[0]?.code);
  const options = useShippingRates(country, Boolean(country));
  const sortedOptions = [...(options.data ?? [])].sort((a, b) => a.price - b.price || a.maxDays - b.maxDays);

  return (
    <div className="container page page--narrow">
      <header className="page-header">
        <h1 className="page-title">
          <FormattedMessage id="shipping.title" />
        </h1>
        <p className="page-lead">
          <FormattedMessage id="shipping.lead" />
        </p>
      </header>

      <div className="shipping-picker" aria-busy={all.isPending || undefined}>
        <label htmlFor={selectId} className="field-label">
          <FormattedMessage id="shipping.countryLabel" />
        </label>
        {all.isPending ? (
          <Skeleton />
        ) : all.isError ? (
          <p className="notice notice--warning">
            <FormattedMessage id="shipping.loadError" />
          </p>
        ) : (
          <select
            id={selectId}
            className="input select"
            value={country ?? ''}
            onChange={(event) => setParams({ country: event.target.value }, { replace: true })}
          >
            {requested && !countries.some((c) => c.code === requested) ? <option value={requested}>{regionName(requested)}</option> : null}
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        )}
      </div>

      <section className="shipping-options" aria-live="polite" aria-busy={options.isFetching || undefined} aria-labelledby="shipping-options-title">
        <h2 id="shipping-options-title" className="section-title section-title--sm">
          {country ? (
            <FormattedMessage id="shipping.optionsFor" values={{ country: regionName(country) }} />
          ) : (
            <FormattedMessage id="shipping.options" />
          )}
        </h2>
        {!country ? null : options.isPending ? (
          <Skeleton lines={3} />
        ) : options.isError ? (
          <p className="notice notice--warning">
            <FormattedMessage id="shipping.loadError" />
          </p>
        ) : sortedOptions.length === 0 ? (
          <p className="notice">
            <FormattedMessage id="shipping.noShipper" />
          </p>
        ) : (
          <ul className="shipping-list">
            {sortedOptions.map((option) => (
              <li key={option.id} className="shipping-option">
                <TruckIcon size={24} />
                <div className="shipping-option__body">
                  <p className="shipping-option__name">
                    <ShippingOptionName option={option} />
                  </p>
                  <p className="shipping-option__eta">
                    <FormattedMessage
                      id={option.businessDays ? 'shipping.etaBusiness' : 'shipping.etaCalendar'}
                      values={{ min: intl.formatNumber(option.minDays), max: option.maxDays }}
                    />
                  </p>
                </div>
                <p className="shipping-option__price">
                  {option.price === 0 ? <FormattedMessage id="shipping.free" /> : formatMoney(option.price)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <aside className="notice notice--info">
        <p>
          <FormattedMessage
            id="shipping.esimNote"
            values={{ link: (chunks) => <Link key="link" to="/about-esim">{chunks}</Link> }}
          />
        </p>
        <p>
          <FormattedMessage id="shipping.policyNote" values={{ link: (chunks) => <Link key="link" to="/shipping-policy">{chunks}</Link> }} />
        </p>
      </aside>
    </div>
  );
}
