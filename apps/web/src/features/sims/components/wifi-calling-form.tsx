import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormattedMessage, useIntl } from 'react-intl';
import { z } from 'zod';
import { e911AddressSchema, type E911AddressInput } from '@app/shared/contracts/sims';
import { FormField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { errorCodeOf, useErrorMessage } from '../../../lib/error-message';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useValidationMessage } from '../../../lib/validation-message';
import type { WifiCallingBody } from '../api/sims-api';

const formSchema = z.object({ address: e911AddressSchema });
type Values = z.input<typeof formSchema>;
const FIELDS = ['street', 'unit', 'city', 'state', 'zip'] as const;

const EMPTY: E911AddressInput = { street: '', unit: '', city: '', state: '', zip: '' };

/**
 * The 911 address and the Wi-Fi calling switch. Turning Wi-Fi calling on always sends the address,
 * which the network validates first (E911_ADDRESS_INVALID marks the fields it rejected); turning it
 * off sends nothing else. `send` answers once the change is accepted (it then travels to the network).
 */
export function WifiCallingForm({
  enabled,
  address,
  disabled,
  send,
}: {
  enabled: boolean;
  address: E911AddressInput | null;
  disabled?: boolean;
  send: (body: WifiCallingBody) => Promise<void>;
}) {
  const intl = useIntl();
  const translate = useValidationMessage();
  const errorText = useErrorMessage();
  const [problem, setProblem] = useState<string | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(formSchema), defaultValues: { address: { ...EMPTY, ...(address ?? {}) } } });
  const label = (f: (typeof FIELDS)[number]) => intl.formatMessage({ id: `wifi.field.${f}` });

  async function run(body: WifiCallingBody) {
    setProblem(null);
    try {
      await send(body);
    } catch (e) {
      if (!isApiError(e)) throw e;
      // The fields the network refused are marked; the notice says why in the catalogue's words.
      applyServerFieldErrors(e, setError, FIELDS.map((f) => `address.${f}` as const));
      setProblem(errorCodeOf(e) ?? 'UNKNOWN');
    }
  }

  const submit = handleSubmit(async (values) => {
    const a = formSchema.parse(values).address;
    await run({ enabled: true, address: { ...a, unit: a.unit ? a.unit : undefined } });
  });

  const field = (name: (typeof FIELDS)[number], props: Record<string, unknown> = {}) => (
    <FormField label={label(name)} error={translate(errors.address?.[name]?.message, label(name))}>
      {(control) => <input {...control} className="input" {...props} {...register(`address.${name}`)} />}
    </FormField>
  );

  return (
    <form className="wifi-form" onSubmit={(e) => void submit(e)} noValidate data-testid="wifi-form">
      <fieldset className="wifi-form__address" disabled={disabled}>
        <legend className="field-label">
          <FormattedMessage id="wifi.addressTitle" />
        </legend>
        <p className="field-hint">
          <FormattedMessage id="wifi.addressHint" />
        </p>
        {field('street', { autoComplete: 'address-line1' })}
        {field('unit', { autoComplete: 'address-line2' })}
        <div className="wifi-form__row">
          {field('city', { autoComplete: 'address-level2' })}
          {field('state', { autoComplete: 'address-level1', maxLength: 2 })}
          {field('zip', { autoComplete: 'postal-code', inputMode: 'numeric', maxLength: 5 })}
        </div>
      </fieldset>
      <div aria-live="polite">
        {problem ? (
          <p className="notice notice--warning" role="alert" data-testid="wifi-problem" data-code={problem}>
            {errorText(problem)}
          </p>
        ) : null}
      </div>
      <div className="form-actions">
        <button type="submit" className="btn btn--primary" disabled={disabled || isSubmitting}>
          {isSubmitting ? <Spinner size="sm" /> : null} <FormattedMessage id={enabled ? 'wifi.saveAddress' : 'wifi.turnOn'} />
        </button>
        {enabled ? (
          <button
            type="button"
            className="btn btn--outline"
            disabled={disabled || isSubmitting || turningOff}
            onClick={() => {
              setTurningOff(true);
              void run({ enabled: false }).finally(() => setTurningOff(false));
            }}
          >
            {turningOff ? <Spinner size="sm" /> : null} <FormattedMessage id="wifi.turnOff" />
          </button>
        ) : null}
      </div>
    </form>
  );
}
