import { useIntl } from 'react-intl';
import { setLocale, useLocaleState } from '../../lib/intl/locale-store';
import { SUPPORTED_LOCALES, isSupportedLocale } from '../../lib/intl/locales';
import { GlobeIcon } from '../../components/ui/icons';

/**
 * A native select named by aria-label: keyboard, touch and screen readers all know how to use one.
 * `compact` (the header row) shows only the language code, e.g. "ES", over a transparent select
 * whose options keep their full names; the select itself still takes the clicks and the focus.
 */
export function LanguageSelect({ className = '', compact = false }: { className?: string; compact?: boolean }) {
  const intl = useIntl();
  const { locale, loading } = useLocaleState();
  return (
    <div className={`language-select ${compact ? 'language-select--compact ' : ''}${className}`}>
      <GlobeIcon size={18} className="language-select__icon" />
      {compact ? (
        <span className="language-select__code" aria-hidden="true">
          {locale.toUpperCase()}
        </span>
      ) : null}
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
