import { useIntl } from 'react-intl';
import '../gateway-components.css';
import { Skeleton } from '../../../components/ui/skeleton';
import { useFormatMoney } from '../../../lib/use-format-money';
import { useCoins } from '../api/get-coins';

/** The coins the shop accepts (GET /coinpayments/coins) as a labelled select, with loading and empty states. */
export function CoinSelect({ value, onChange, disabled }: { value: string | undefined; onChange: (code: string) => void; disabled?: boolean }) {
  const intl = useIntl();
  const formatMoney = useFormatMoney();
  const { data, isPending, isError, refetch } = useCoins();
  if (isPending) {
    return (
      <div aria-busy="true" className="coin-select">
        <Skeleton lines={1} />
      </div>
    );
  }
  if (isError) {
    return (
      <p className="coin-select coin-select--empty" role="alert">
        {intl.formatMessage({ id: 'payments.crypto.coinsFailed' })}{' '}
        <button type="button" className="btn btn--link" onClick={() => void refetch()}>
          {intl.formatMessage({ id: 'payments.crypto.retry' })}
        </button>
      </p>
    );
  }
  if (data.length === 0) return <p className="coin-select coin-select--empty">{intl.formatMessage({ id: 'payments.crypto.noCoins' })}</p>;
  return (
    <div className="coin-select">
      <label htmlFor="coin-select">{intl.formatMessage({ id: 'payments.crypto.choose' })}</label>
      <select id="coin-select" value={value ?? ''} onChange={(e) => onChange(e.target.value)} disabled={disabled} required>
        <option value="" disabled>
          {intl.formatMessage({ id: 'payments.crypto.choosePlaceholder' })}
        </option>
        {data.map((c) => (
          <option key={c.code} value={c.code}>
            {c.rate ? intl.formatMessage({ id: 'payments.crypto.coinWithRate' }, { name: c.name, code: c.code, rate: formatMoney(Math.round(Number(c.rate) * 100)) }) : `${c.name} (${c.code})`}
          </option>
        ))}
      </select>
    </div>
  );
}
