import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { z } from 'zod';
import { profilePatchSchema, type Profile } from '@app/shared/contracts/profile';
import { FormField } from '../../../components/ui/form-field';
import { asciiDigits, editableAmount } from '../../../lib/intl/digits';
import { DEFAULT_CURRENCY, usePublicDetails } from '../../../lib/public-details';
import { useFormatMoney } from '../../../lib/use-format-money';
import { useValidationMessage } from '../../../lib/validation-message';
import { useProfileForm } from './use-profile-form';

/**
 * Amounts are typed in currency units ('12.50', or '12,50' as Spanish and French keyboards write it,
 * or in the page's own digits) and travel as integer cents (docs/decisions/035); an empty field clears
 * the setting. The cents then go through the shared PATCH rules, so the limits are the server's.
 */
export function toCents(text: string): number | null {
  const t = asciiDigits(text.trim()).replace(',', '.');
  if (!t) return null;
  return /^\d{1,7}(\.\d{1,2})?$/.test(t) ? Math.round(Number(t) * 100) : Number.NaN;
}

/** The stored amount as the page's language writes it ('12.50', '12,50'), ready to edit. */
export function fromCents(cents: number | null, locale: string): string {
  return cents === null ? '' : editableAmount(cents, locale);
}

const money = (rule: z.ZodType<number | null, number | null>) => z.string().transform(toCents).pipe(rule);

const settingsSchema = z.object({
  whenBelow: money(profilePatchSchema.shape.whenBelow.unwrap()),
  topUpAmount: money(profilePatchSchema.shape.topUpAmount.unwrap()),
  balanceThreshold: money(profilePatchSchema.shape.balanceThreshold.unwrap()),
});
type SettingsForm = z.input<typeof settingsSchema>;
const FIELDS = ['whenBelow', 'topUpAmount', 'balanceThreshold'] as const;

/** A quota threshold as typed (whole minutes, texts or MB); empty switches it off. */
export function toWhole(text: string): number | null {
  const t = asciiDigits(text.trim());
  if (!t) return null;
  return /^\d{1,7}$/.test(t) ? Number(t) : Number.NaN;
}

const whole = (rule: z.ZodType<number | null, number | null>) => z.string().transform(toWhole).pipe(rule);

const quotaSchema = z.object({
  callBelow: whole(profilePatchSchema.shape.callBelow.unwrap()),
  smsBelow: whole(profilePatchSchema.shape.smsBelow.unwrap()),
  dataBelow: whole(profilePatchSchema.shape.dataBelow.unwrap()),
});
type QuotaForm = z.input<typeof quotaSchema>;
const QUOTA_FIELDS = ['callBelow', 'smsBelow', 'dataBelow'] as const;

function quotaValues(profile: Profile): QuotaForm {
  const text = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));
  return { callBelow: text(profile.callBelow), smsBelow: text(profile.smsBelow), dataBelow: text(profile.dataBelow) };
}

function formValues(profile: Profile, locale: string): SettingsForm {
  return {
    whenBelow: fromCents(profile.whenBelow, locale),
    topUpAmount: fromCents(profile.topUpAmount, locale),
    balanceThreshold: fromCents(profile.balanceThreshold, locale),
  };
}

/** Balance, automatic payments and their amounts, and saved cards: what the profile holds today. */
export function PaymentTab({ profile, cardsSection }: { profile: Profile; cardsSection?: ReactNode }) {
  const intl = useIntl();
  const message = useValidationMessage();
  const formatMoney = useFormatMoney();
  const currency = usePublicDetails().data?.currency ?? DEFAULT_CURRENCY;
  const label = (id: string) => intl.formatMessage({ id });

  const { form, onSubmit } = useProfileForm(settingsSchema, (p) => formValues(p, intl.locale), profile, FIELDS);
  const {
    register,
    formState: { errors, isSubmitting, isDirty },
  } = form;

  const automatic = [
    { id: 'profile.payment.autoRenew', on: profile.autoRenewPaymentMethodId !== null },
    { id: 'profile.payment.autoTopUp', on: profile.autoTopUpPaymentMethodId !== null },
    { id: 'profile.payment.autoExtend', on: profile.autoExtendPaymentMethodId !== null },
  ];
  const anyCardLinked = automatic.some((a) => a.on);

  const amount = (name: (typeof FIELDS)[number], labelId: string, hintId: string) => (
    <FormField
      label={<FormattedMessage id={labelId} />}
      hint={<FormattedMessage id={hintId} values={{ currency }} />}
      error={message(errors[name]?.message, label(labelId), formatMoney)}
    >
      {(c) => <input {...c} {...register(name)} className="input" inputMode="decimal" autoComplete="off" placeholder={editableAmount(0, intl.locale)} dir="ltr" />}
    </FormField>
  );

  return (
    <div className="profile-sections">
      <section className="profile-section" aria-labelledby="payment-balance-title">
        <h3 id="payment-balance-title" className="profile-section__title">
          <FormattedMessage id="profile.payment.balance" />
        </h3>
        <p className="profile-balance" data-testid="profile-balance">
          {formatMoney(profile.balance)}
        </p>
      </section>

      <section className="profile-section" aria-labelledby="payment-auto-title">
        <h3 id="payment-auto-title" className="profile-section__title">
          <FormattedMessage id="profile.payment.automatic" />
        </h3>
        <dl className="profile-facts profile-facts--three">
          {automatic.map((a) => (
            <div key={a.id}>
              <dt>
                <FormattedMessage id={a.id} />
              </dt>
              <dd>
                <span className={`badge ${a.on ? 'badge--success' : 'badge--info'}`}>
                  <FormattedMessage id={a.on ? 'profile.payment.on' : 'profile.payment.off'} />
                </span>
              </dd>
            </div>
          ))}
        </dl>
        <p className="field-hint">
          <FormattedMessage id="profile.payment.automaticHint" />
        </p>
      </section>

      <section className="profile-section" aria-labelledby="payment-settings-title">
        <h3 id="payment-settings-title" className="profile-section__title">
          <FormattedMessage id="profile.payment.settings" />
        </h3>
        <form className="form-stack" onSubmit={onSubmit} noValidate aria-labelledby="payment-settings-title">
          <div className="form-row">
            {amount('whenBelow', 'profile.payment.whenBelow', 'profile.payment.whenBelowHint')}
            {amount('topUpAmount', 'profile.payment.topUpAmount', 'profile.payment.topUpAmountHint')}
          </div>
          <div className="form-row">{amount('balanceThreshold', 'profile.payment.threshold', 'profile.payment.thresholdHint')}</div>
          <div className="form-actions">
            <button type="submit" className="btn btn--primary" disabled={isSubmitting || !isDirty}>
              <FormattedMessage id={isSubmitting ? 'form.saving' : 'form.save'} />
            </button>
          </div>
        </form>
      </section>

      <QuotaSettings profile={profile} />

      {/* Saved cards come from the payments feature, composed in app/ (features do not import each other). */}
      {cardsSection ?? (
        <section className="profile-section" aria-labelledby="payment-cards-title">
          <h3 id="payment-cards-title" className="profile-section__title">
            <FormattedMessage id="profile.payment.cards" />
          </h3>
          <p className="profile-empty">
            <FormattedMessage id={anyCardLinked ? 'profile.payment.cardLinked' : 'profile.payment.noCards'} />
          </p>
        </section>
      )}
    </div>
  );
}

/**
 * Auto top-up of a SIM's minutes, texts or data (spec §3 "Auto top-up settings", decision 167): the
 * thresholds are the account's (every active SIM), stored on the profile; below one, the cheapest
 * add-on of that kind the SIM's plan allows is bought with the auto top-up card.
 */
function QuotaSettings({ profile }: { profile: Profile }) {
  const intl = useIntl();
  const message = useValidationMessage();
  const { form, onSubmit } = useProfileForm(quotaSchema, quotaValues, profile, QUOTA_FIELDS);
  const {
    register,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  const cardOn = profile.autoTopUpPaymentMethodId !== null;
  const field = (name: (typeof QUOTA_FIELDS)[number]) => (
    <FormField
      label={<FormattedMessage id={`profile.quota.${name}`} />}
      hint={<FormattedMessage id={`profile.quota.${name}Hint`} />}
      error={message(errors[name]?.message, intl.formatMessage({ id: `profile.quota.${name}` }))}
    >
      {(c) => <input {...c} {...register(name)} className="input" inputMode="numeric" autoComplete="off" dir="ltr" />}
    </FormField>
  );
  return (
    <section className="profile-section" aria-labelledby="payment-quota-title">
      <h3 id="payment-quota-title" className="profile-section__title">
        <FormattedMessage id="profile.quota.title" />
      </h3>
      <p className="field-hint">
        <FormattedMessage id="profile.quota.lead" />
      </p>
      {cardOn ? null : (
        <p className="notice notice--info" data-testid="quota-no-card">
          <FormattedMessage id="profile.quota.noCard" />
        </p>
      )}
      <form className="form-stack" onSubmit={onSubmit} noValidate aria-labelledby="payment-quota-title">
        <div className="form-row">
          {field('callBelow')}
          {field('smsBelow')}
          {field('dataBelow')}
        </div>
        <div className="form-actions">
          <button type="submit" className="btn btn--primary" disabled={isSubmitting || !isDirty}>
            <FormattedMessage id={isSubmitting ? 'form.saving' : 'form.save'} />
          </button>
        </div>
      </form>
    </section>
  );
}
