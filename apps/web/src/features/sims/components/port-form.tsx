import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormattedMessage, useIntl } from 'react-intl';
import { useQueryClient } from '@tanstack/react-query';
import { portToSimBodySchema, type Sim } from '@app/shared/contracts/sims';
import type { z } from 'zod';
import { FormField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/toast';
import { useValidationMessage } from '../../../lib/validation-message';
import { startPort } from '../api/sims-api';
import { NUMBER_CODES, portErrorMessageId } from '../port-errors';
import { useFormatPhone, useLtrText } from '../../../lib/use-format-phone';

type Values = z.input<typeof portToSimBodySchema>;
const FIELDS = ['number', 'authorizedName', 'accountNumber', 'pin', 'billingAddress', 'zip'] as const;

/** Which SIMs can take a number: an active one (the number replaces its own) or a paid one not yet activated. */
export function portModeFor(sim: Sim): 'to_active_sim' | 'to_inactive_sim' | null {
  if (sim.pendingAction) return null;
  if (sim.status.status === 'inactive') return 'to_inactive_sim';
  if (['active', 'in_use', 'inUse', 'used_up'].includes(sim.status.status)) return 'to_active_sim';
  return null;
}

/** The port-in request (spec §3): number, authorised person, account number, PIN, billing address and ZIP. */
export function PortForm({ sims, initialSimId, initialNumber, onDone }: { sims: Sim[]; initialSimId?: string; initialNumber?: string; onDone: () => void }) {
  // Phone numbers left to right in a right-to-left page (decision 222).
  const formatNumber = useFormatPhone();
  const ltr = useLtrText();
  const intl = useIntl();
  const client = useQueryClient();
  const translate = useValidationMessage();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(portToSimBodySchema),
    defaultValues: {
      simId: sims.some((s) => s.id === initialSimId) ? initialSimId : sims[0]?.id,
      number: initialNumber ?? '',
      authorizedName: '',
      accountNumber: '',
      pin: '',
      billingAddress: '',
      zip: '',
    },
  });
  const chosen = sims.find((s) => s.id === watch('simId'));
  const label = (field: (typeof FIELDS)[number] | 'simId') => intl.formatMessage({ id: `port.field.${field}` });

  const submit = handleSubmit(async (values) => {
    const sim = sims.find((s) => s.id === values.simId);
    const mode = sim ? portModeFor(sim) : null;
    if (!sim || !mode) return;
    try {
      await startPort(client, mode, portToSimBodySchema.parse(values), () => false);
      notify.success({ id: 'port.started' });
      onDone();
    } catch (e) {
      if (!isApiError(e)) throw e;
      const onNumber = e.code ? NUMBER_CODES[e.code] : undefined;
      if (onNumber) {
        setError('number', { type: 'server', message: intl.formatMessage({ id: onNumber }, { num: values.number }) }, { shouldFocus: true });
        return;
      }
      if (applyServerFieldErrors(e, setError, [...FIELDS])) return;
      notify.error({ id: portErrorMessageId(e) });
    }
  });

  const field = (name: (typeof FIELDS)[number], props: Record<string, unknown> = {}, hintId?: string) => (
    <FormField label={label(name)} error={translate(errors[name]?.message, label(name))} hint={hintId ? <FormattedMessage id={hintId} /> : undefined}>
      {(control) => <input {...control} className="input" {...props} {...register(name)} />}
    </FormField>
  );

  return (
    <form className="port-form" onSubmit={(e) => void submit(e)} noValidate data-testid="port-form">
      <FormField label={label('simId')} hint={<FormattedMessage id={chosen && portModeFor(chosen) === 'to_inactive_sim' ? 'port.mode.inactive' : 'port.mode.active'} />}>
        {(control) => (
          <select {...control} className="input select" {...register('simId')}>
            {sims.map((s) => (
              <option key={s.id} value={s.id}>
                {`${intl.formatMessage({ id: `sims.kind.${s.kind}` })} · ${s.mdn ? formatNumber(s.mdn) : ltr(s.iccid)}`}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {field('number', { type: 'tel', inputMode: 'tel', autoComplete: 'tel' }, 'port.hint.number')}
      {field('authorizedName', { autoComplete: 'name' }, 'port.hint.authorizedName')}
      <div className="port-form__row">
        {field('accountNumber', { autoComplete: 'off' }, 'port.hint.accountNumber')}
        {field('pin', { autoComplete: 'off', type: 'password' }, 'port.hint.pin')}
      </div>
      {field('billingAddress', { autoComplete: 'street-address' }, 'port.hint.billingAddress')}
      {field('zip', { inputMode: 'numeric', autoComplete: 'postal-code', maxLength: 10 })}
      <div className="form-actions">
        <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
          {isSubmitting ? <Spinner size="sm" /> : null} <FormattedMessage id="port.submit" />
        </button>
      </div>
    </form>
  );
}
