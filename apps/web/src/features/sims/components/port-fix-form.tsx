import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormattedMessage, useIntl } from 'react-intl';
import { useQueryClient } from '@tanstack/react-query';
import { portDetailsSchema, type PortRequestView } from '@app/shared/contracts/sims';
import { FormField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/toast';
import { useValidationMessage } from '../../../lib/validation-message';
import { resubmitPort } from '../api/sims-api';
import { portErrorMessageId } from '../port-errors';

type Field = PortRequestView['fieldsToFix'][number];
type Values = Partial<Record<Field, string>>;

/**
 * Resolution required: only the fields the carrier could not match, then submit again (decision 162).
 * The rest of the request stays as it was; the PIN is never shown back.
 */
export function PortFixForm({ port }: { port: PortRequestView }) {
  const intl = useIntl();
  const client = useQueryClient();
  const translate = useValidationMessage();
  const fields = port.fieldsToFix;
  const schema = useMemo(() => portDetailsSchema.pick(Object.fromEntries(fields.map((f) => [f, true])) as Record<Field, true>), [fields]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(schema) as never,
    defaultValues: Object.fromEntries(fields.map((f) => [f, f === 'pin' ? '' : port[f]])),
  });

  const submit = handleSubmit(async (values) => {
    try {
      await resubmitPort(client, port.id, values, () => false);
      notify.success({ id: 'port.resubmitted' });
    } catch (e) {
      if (!isApiError(e)) throw e;
      if (applyServerFieldErrors(e, setError, [...fields])) return;
      notify.error({ id: portErrorMessageId(e) });
    }
  });

  return (
    <form className="port-form port-fix" onSubmit={(e) => void submit(e)} noValidate data-testid="port-fix-form">
      <h3 className="esim-delivery__subtitle">
        <FormattedMessage id="port.fix.title" />
      </h3>
      {fields.map((name) => {
        const label = intl.formatMessage({ id: `port.field.${name}` });
        return (
          <FormField key={name} label={label} error={translate(errors[name]?.message, label)}>
            {(control) => <input {...control} className="input" autoComplete="off" type={name === 'pin' ? 'password' : 'text'} {...register(name)} />}
          </FormField>
        );
      })}
      <div className="form-actions">
        <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
          {isSubmitting ? <Spinner size="sm" /> : null} <FormattedMessage id="port.fix.submit" />
        </button>
      </div>
    </form>
  );
}
