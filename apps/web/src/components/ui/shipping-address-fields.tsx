import { useMemo } from 'react';
import { Controller, type Control, type FieldErrors, type FieldValues, type Path, type UseFormRegister } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { callingCountries } from '../../lib/calling-codes';
import { useRegionName } from '../../lib/use-region-names';
import { useValidationMessage } from '../../lib/validation-message';
import { FormField } from './form-field';
import { PhoneInput } from './phone-input';

export const SHIPPING_ADDRESS_FIELDS = [
  'shippingFirstName',
  'shippingLastName',
  'shippingPhoneNumber',
  'shippingAddress1',
  'shippingAddress2',
  'shippingCity',
  'shippingState',
  'shippingCountry',
  'shippingZipcode',
] as const;
export type ShippingAddressField = (typeof SHIPPING_ADDRESS_FIELDS)[number];

export const EMPTY_SHIPPING_ADDRESS: Record<ShippingAddressField, string> = {
  shippingFirstName: '',
  shippingLastName: '',
  shippingPhoneNumber: '',
  shippingAddress1: '',
  shippingAddress2: '',
  shippingCity: '',
  shippingState: '',
  shippingCountry: 'US',
  shippingZipcode: '',
};

/**
 * The shipping address fields of SPEC §3 for a react-hook-form form whose values hold the address
 * under `name` (e.g. "shippingAddress"), validated by the shared shippingAddressSchema.
 */
export function ShippingAddressFields<T extends FieldValues>({
  name,
  register,
  control,
  errors,
  country,
}: {
  name: string;
  register: UseFormRegister<T>;
  control: Control<T>;
  errors: FieldErrors<T>;
  country: string;
}) {
  const intl = useIntl();
  const message = useValidationMessage();
  const regionName = useRegionName();
  const label = (id: string) => intl.formatMessage({ id });
  const path = (field: ShippingAddressField) => `${name}.${field}` as Path<T>;
  const errorOf = (field: ShippingAddressField) =>
    (errors[name] as Record<string, { message?: string } | undefined> | undefined)?.[field]?.message;

  const countries = useMemo(() => {
    const collator = new Intl.Collator(intl.locale);
    return callingCountries()
      .map((c) => ({ code: c.code, name: regionName(c.code) }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }, [intl.locale, regionName]);

  const text = (field: ShippingAddressField, labelId: string, autoComplete: string) => (
    <FormField label={<FormattedMessage id={labelId} />} error={message(errorOf(field), label(labelId))}>
      {(c) => <input {...c} {...register(path(field))} className="input" autoComplete={`shipping ${autoComplete}`} />}
    </FormField>
  );

  return (
    <>
      <div className="form-row">
        {text('shippingFirstName', 'form.firstName', 'given-name')}
        {text('shippingLastName', 'form.lastName', 'family-name')}
      </div>
      <FormField label={<FormattedMessage id="form.phone" />} error={message(errorOf('shippingPhoneNumber'), label('form.phone'))}>
        {(c) => (
          <Controller
            control={control}
            name={path('shippingPhoneNumber')}
            render={({ field }) => (
              <PhoneInput
                {...c}
                name={field.name}
                value={(field.value as string | undefined) ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                initialCountry={country}
              />
            )}
          />
        )}
      </FormField>
      <FormField label={<FormattedMessage id="form.country" />} error={message(errorOf('shippingCountry'), label('form.country'))}>
        {(c) => (
          <select {...c} {...register(path('shippingCountry'))} className="input select" autoComplete="shipping country">
            {countries.map((option) => (
              <option key={option.code} value={option.code}>
                {option.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {text('shippingAddress1', 'form.address1', 'address-line1')}
      {text('shippingAddress2', 'form.address2', 'address-line2')}
      <div className="form-row">
        {text('shippingCity', 'form.city', 'address-level2')}
        {text('shippingState', 'form.state', 'address-level1')}
      </div>
      <div className="form-row">{text('shippingZipcode', 'form.zipcode', 'postal-code')}</div>
    </>
  );
}
