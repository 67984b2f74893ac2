import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { SearchIcon } from '../../../components/ui/icons';
import '../coverage.css';

const ZIP = /^\d{5}$/;

/** A ZIP code field that opens /coverage/<zip>. Five digits, as a US ZIP code has (spec §5). */
export function ZipForm({ initial = '', compact = false }: { initial?: string; compact?: boolean }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const zip = value.trim();
    if (!ZIP.test(zip)) {
      setError(intl.formatMessage({ id: 'validation.digitsOnly' }, { num: 5 }));
      return;
    }
    setError(null);
    navigate(`/coverage/${zip}`);
  }

  return (
    <form className={`zip-form${compact ? ' zip-form--compact' : ''}`} onSubmit={onSubmit} noValidate>
      <label htmlFor={inputId} className="field-label">
        <FormattedMessage id="coverage.zipLabel" />
      </label>
      <div className="zip-form__row">
        <input
          id={inputId}
          className="input"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : hintId}
          onChange={(event) => {
            setValue(event.target.value.replace(/\D/g, '').slice(0, 5));
            if (error) setError(null);
          }}
        />
        <button type="submit" className="btn btn--primary">
          <SearchIcon size={18} />
          <FormattedMessage id="coverage.check" />
        </button>
      </div>
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : (
        <p id={hintId} className="field-hint">
          <FormattedMessage id="coverage.zipHint" />
        </p>
      )}
    </form>
  );
}
