import { forwardRef, useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { normalizePhone } from '@app/shared/rules/phone';
import { callingCountries, countryForNumber, findCallingCountry } from '../../lib/calling-codes';
import { lookupIpCountry } from '../../lib/ip-country';
import { useRegionName } from '../../lib/use-region-names';
import type { FieldControlProps } from './form-field';
import './forms.css';

/** Listed first in the country picker; the first is the default when the IP lookup gives nothing. */
export const PREFERRED_PHONE_COUNTRIES: readonly string[] = ['US', 'MX', 'CA'];

interface PhoneInputProps extends Partial<FieldControlProps> {
  name: string;
  /** '+' and digits, or '' (spec §5: international format). */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  disabled?: boolean;
  /** A country known from elsewhere (the profile's), tried before the IP lookup. */
  initialCountry?: string | null;
}

/**
 * A phone number in international format (spec §5): a country picker that writes its calling code,
 * and a field that keeps only digits — full-width, Arabic-Indic and Persian digits become ASCII — with
 * the '+' added in front. Typing a calling code moves the picker to that country.
 */
export const PhoneInput = forwardRef<HTMLInputElement, PhoneInputProps>(function PhoneInput(
  { name, value, onChange, onBlur, disabled, initialCountry, ...aria },
  ref,
) {
  const intl = useIntl();
  const regionName = useRegionName();
  const [country, setCountry] = useState<string>(
    () => countryForNumber(value, initialCountry, PREFERRED_PHONE_COUNTRIES)?.code ?? findCallingCountry(initialCountry)?.code ?? PREFERRED_PHONE_COUNTRIES[0]!,
  );
  // Once the person has typed or picked, a late IP answer must not move the picker under them.
  const chosen = useRef(Boolean(value) || Boolean(findCallingCountry(initialCountry)));

  useEffect(() => {
    if (chosen.current) return;
    let live = true;
    void lookupIpCountry().then((code) => {
      if (live && !chosen.current && findCallingCountry(code)) setCountry(code!.toUpperCase());
    });
    return () => {
      live = false;
    };
  }, []);

  const options = useMemo(() => {
    const collator = new Intl.Collator(intl.locale);
    // The picker names the country only: its calling code is written once, at the start of the
    // number beside it (showing it in both read '+1 +1 646…').
    const all = callingCountries().map((c) => ({ code: c.code, name: regionName(c.code), text: regionName(c.code) }));
    const preferred = PREFERRED_PHONE_COUNTRIES.map((code) => all.find((c) => c.code === code)!);
    const rest = all.filter((c) => !PREFERRED_PHONE_COUNTRIES.includes(c.code)).sort((a, b) => collator.compare(a.name, b.name));
    return { preferred, rest };
  }, [intl.locale, regionName]);

  const dial = findCallingCountry(country)?.dialCodes[0] ?? '1';

  function typed(raw: string) {
    chosen.current = true;
    const next = normalizePhone(raw);
    const detected = countryForNumber(next, country, PREFERRED_PHONE_COUNTRIES);
    if (detected) setCountry(detected.code);
    onChange(next);
  }

  function picked(code: string) {
    chosen.current = true;
    const nextDial = findCallingCountry(code)?.dialCodes[0];
    setCountry(code);
    if (!nextDial) return;
    // Swap the calling code in front of what was typed; the rest of the number stays.
    const rest = value.startsWith(`+${dial}`) ? value.slice(dial.length + 1) : value.replace(/^\+/, '');
    onChange(`+${nextDial}${value ? rest : ''}`);
  }

  return (
    <div className="phone-input">
      <select
        className="input select phone-input__country"
        aria-label={intl.formatMessage({ id: 'form.phoneCountry' })}
        value={country}
        disabled={disabled}
        onChange={(event) => picked(event.target.value)}
      >
        {options.preferred.map((c) => (
          <option key={c.code} value={c.code}>
            {c.text}
          </option>
        ))}
        <option disabled value="">
          ──────────
        </option>
        {options.rest.map((c) => (
          <option key={c.code} value={c.code}>
            {c.text}
          </option>
        ))}
      </select>
      <input
        {...aria}
        ref={ref}
        name={name}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        dir="ltr"
        className="input phone-input__number"
        placeholder={`+${dial}`}
        value={value}
        disabled={disabled}
        onChange={(event) => typed(event.target.value)}
        onFocus={() => {
          chosen.current = true;
          // The calling code is written for the person, so they only type their own number.
          if (!value) onChange(`+${dial}`);
        }}
        onBlur={() => {
          if (value === `+${dial}`) onChange('');
          onBlur?.();
        }}
      />
    </div>
  );
});
