import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { z } from 'zod';
import { countrySchema, profilePatchSchema, type Profile } from '@app/shared/contracts/profile';
import { FormField } from '../../../components/ui/form-field';
import { PhoneInput } from '../../../components/ui/phone-input';
import { callingCountries } from '../../../lib/calling-codes';
import { useRegionName } from '../../../lib/use-region-names';
import { useValidationMessage } from '../../../lib/validation-message';
import { useProfileForm } from './use-profile-form';

/** The shared PATCH rules for these fields; the country picker's '' means "none". */
const detailsSchema = profilePatchSchema
  .pick({
    firstName: true,
    lastName: true,
    phone: true,
    birthDate: true,
    shippingAddress1: true,
    shippingAddress2: true,
    city: true,
    state: true,
    zipcode: true,
  })
  .extend({ country: z.string().transform((v) => v || null).pipe(countrySchema.nullable()) });

type DetailsForm = z.input<typeof detailsSchema>;
const FIELDS = ['firstName', 'lastName', 'phone', 'country', 'birthDate', 'shippingAddress1', 'shippingAddress2', 'city', 'state', 'zipcode'] as const;

function formValues(profile: Profile): DetailsForm {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    phone: profile.phone ?? '',
    country: profile.country ?? '',
    birthDate: profile.birthDate ?? '',
    shippingAddress1: profile.shippingAddress1 ?? '',
    shippingAddress2: profile.shippingAddress2 ?? '',
    city: profile.city ?? '',
    state: profile.state ?? '',
    zipcode: profile.zipcode ?? '',
  };
}

/** Names, phone, country, date of birth and the shipping address (spec §3), saved with one PATCH. */
export function PersonalDetailsForm({ profile }: { profile: Profile }) {
  const intl = useIntl();
  const message = useValidationMessage();
  const regionName = useRegionName();
  const label = (id: string) => intl.formatMessage({ id });

  const countries = useMemo(() => {
    const collator = new Intl.Collator(intl.locale);
    return callingCountries()
      .map((c) => ({ code: c.code, name: regionName(c.code) }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }, [intl.locale, regionName]);

  const { form, onSubmit } = useProfileForm(detailsSchema, formValues, profile, FIELDS);
  const {
    register,
    control,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = form;

  const text = (name: (typeof FIELDS)[number], labelId: string, autoComplete: string, extra: Record<string, unknown> = {}) => (
    <FormField label={<FormattedMessage id={labelId} />} error={message(errors[name]?.message, label(labelId))}>
      {(c) => <input {...c} {...register(name)} className="input" autoComplete={autoComplete} {...extra} />}
    </FormField>
  );

  return (
    <form className="form-stack" onSubmit={onSubmit} noValidate aria-labelledby="profile-details-title">
      <div className="form-row">
        {text('firstName', 'form.firstName', 'given-name')}
        {text('lastName', 'form.lastName', 'family-name')}
      </div>
      <div className="form-row">
        <FormField label={<FormattedMessage id="form.phone" />} error={message(errors.phone?.message, label('form.phone'))}>
          {(c) => (
            <Controller
              control={control}
              name="phone"
              render={({ field }) => (
                <PhoneInput
                  {...c}
                  name={field.name}
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  initialCountry={profile.country}
                />
              )}
            />
          )}
        </FormField>
        <FormField
          label={<FormattedMessage id="form.birthDate" />}
          hint={<FormattedMessage id="form.birthDateHint" />}
          error={message(errors.birthDate?.message, label('form.birthDate'))}
        >
          {(c) => <input {...c} {...register('birthDate')} className="input" autoComplete="bday" inputMode="numeric" placeholder="MM/DD/YYYY" />}
        </FormField>
      </div>
      <FormField label={<FormattedMessage id="form.country" />} error={message(errors.country?.message, label('form.country'))}>
        {(c) => (
          <select {...c} {...register('country')} className="input select" autoComplete="country">
            <option value="">{label('form.countryNone')}</option>
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {text('shippingAddress1', 'form.address1', 'address-line1')}
      {text('shippingAddress2', 'form.address2', 'address-line2')}
      <div className="form-row">
        {text('city', 'form.city', 'address-level2')}
        {text('state', 'form.state', 'address-level1')}
      </div>
      <div className="form-row">{text('zipcode', 'form.zipcode', 'postal-code')}</div>
      <div className="form-actions">
        <button type="submit" className="btn btn--primary" disabled={isSubmitting || !isDirty}>
          <FormattedMessage id={isSubmitting ? 'form.saving' : 'form.save'} />
        </button>
        {isDirty && !isSubmitting ? (
          <button type="button" className="btn btn--ghost" onClick={() => reset(formValues(profile))}>
            <FormattedMessage id="form.discard" />
          </button>
        ) : null}
      </div>
    </form>
  );
}
