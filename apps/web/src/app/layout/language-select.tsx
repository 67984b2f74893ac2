import { useIntl } from 'react-intl';
import { setLocale, useLocaleState } from '../../lib/intl/locale-store';
import { SUPPORTED_LOCALES, isSupportedLocale } from '../../lib/intl/locales';
import { GlobeIcon } from '../../components/ui/icons';

/** A native select named by aria-label: keyboard, touch and screen readers all know how to use one. */
export function LanguageSelect({ className = '' }: { className?: string }) {
  const intl = useIntl();
  const { locale, loading } = useLocaleState();
  return (
    <div className={`language-select ${className}`}>
      <GlobeIcon size={18} className="language-select__icon" />
      <select
        data-testid="language-select"
        aria-label={intl.formatMessage({ id: 'header.language' })}
        value={locale}
        aria-busy={loading || undefined}
        onChange={(event) => {
          const code = event.target.value;
          if (isSupportedLocale(code)) void setLocale(code);
        }}
      >
        {SUPPORTED_LOCALES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.name}
          </option>
        ))}
      </select>
    </div>
  );
}
