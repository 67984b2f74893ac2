import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { isUsZipFormat } from '@app/shared/rules/sims';
import { FormField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';

/** Codes whose answer belongs next to the ZIP field rather than in a toast. */
const ZIP_CODES = ['ZIP_REQUIRED', 'INVALID_ZIP'];

/**
 * The ZIP step of an activation (spec §5: a valid US ZIP is needed; the number is assigned near it).
 * `onSubmit` starts the activation and throws the API's error; ZIP problems are shown at the field.
 */
export function ActivateForm({
  initialZip = '',
  submitLabelId,
  onSubmit,
}: {
  initialZip?: string;
  submitLabelId: string;
  onSubmit: (zip: string) => Promise<unknown>;
}) {
  const intl = useIntl();
  const [zip, setZip] = useState(initialZip);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const value = zip.trim();
    if (!value) return setError(intl.formatMessage({ id: 'sim.activate.zipRequired' }));
    if (!isUsZipFormat(value)) return setError(intl.formatMessage({ id: 'validation.digitsOnly' }, { num: 5 }));
    setError(undefined);
    setBusy(true);
    try {
      await onSubmit(value);
    } catch (e) {
      if (isApiError(e) && e.code && ZIP_CODES.includes(e.code)) {
        setError(intl.formatMessage({ id: e.code === 'ZIP_REQUIRED' ? 'sim.activate.zipRequired' : 'sim.activate.zipInvalid' }));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="activate-form" onSubmit={(e) => void submit(e)} noValidate>
      <FormField label={<FormattedMessage id="sim.activate.zipLabel" />} error={error} hint={<FormattedMessage id="sim.activate.zipHint" />}>
        {(control) => (
          <input
            {...control}
            className="input activate-form__zip"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={10}
            value={zip}
            onChange={(e) => {
              setZip(e.target.value.replace(/[^\d-]/g, '').slice(0, 10));
              if (error) setError(undefined);
            }}
          />
        )}
      </FormField>
      <div className="form-actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? <Spinner size="sm" /> : null} <FormattedMessage id={submitLabelId} />
        </button>
      </div>
    </form>
  );
}

export { ZIP_CODES };
