import { lazy, Suspense, useCallback, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { setLocale, useLocaleState } from '../../lib/intl/locale-store';
import type { Language } from '../../lib/intl/languages';
import { htmlLang, type LocaleCode } from '../../lib/intl/locales';
import { ChevronDownIcon, GlobeIcon } from '../../components/ui/icons';

// The panel (search, list, keyboard) loads on first open, or as soon as a pointer or the focus comes
// near the button, so the first page carries only the button.
const loadPanel = () => import('./language-panel');
const LanguagePanel = lazy(loadPanel);

interface LanguageSelectProps {
  className?: string;
  /** The header row: globe and the code ("ES"); the drawer shows the language's full name. */
  compact?: boolean;
  /** The languages to offer (every offered one by default); tests pass all 38 before they are offered. */
  languages?: readonly Language[];
  /**
   * The current language's name as the list writes it, shown by the full (drawer) button. The list of
   * names stays out of the first page's code (decision 220): the header's button needs none.
   */
  name?: string;
  /** What choosing does; switching the app's language unless a test says otherwise. */
  onChoose?: (code: string) => void;
}

/**
 * The language selector (decision 221): a button naming the current language that opens a small
 * dialog with a search box and the list of every offered language, each in its own name and script
 * (language-panel.tsx).
 */
export function LanguageSelect({ className = '', compact = false, languages, onChoose, name }: LanguageSelectProps) {
  const intl = useIntl();
  const { locale, loading } = useLocaleState();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = `${useId()}-panel`;
  const current = name ?? languages?.find((l) => l.code === locale)?.name ?? endonym(locale);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  function choose(code: string) {
    close(true);
    if (code === locale) return;
    if (onChoose) onChoose(code);
    else void setLocale(code as LocaleCode);
  }

  return (
    <div
      ref={rootRef}
      className={`language-select${compact ? ' language-select--compact' : ''}${open ? ' is-open' : ''} ${className}`}
      onBlur={(event) => {
        if (open && !rootRef.current?.contains(event.relatedTarget as Node | null)) close(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="language-select__button"
        data-testid="language-select"
        aria-label={intl.formatMessage({ id: 'header.languageButton' }, { language: current })}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-busy={loading || undefined}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => (open ? close(false) : setOpen(true))}
      >
        <GlobeIcon size={18} className="language-select__icon" />
        {compact ? (
          <span className="language-select__code">{locale.toUpperCase()}</span>
        ) : (
          <span className="language-select__name" lang={htmlLang(locale)}>
            {current}
          </span>
        )}
        <ChevronDownIcon size={14} className="language-select__chevron" />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <LanguagePanel id={panelId} current={locale} languages={languages} onChoose={choose} onClose={close} />
        </Suspense>
      ) : null}
    </div>
  );
}

/** A language's name in itself from Intl ("English", "español"), as a sentence writes it after "Language:". */
function endonym(code: string): string {
  // Building an Intl.DisplayNames loads its data: a few milliseconds, once per language, not per render.
  let name = endonyms.get(code);
  if (name === undefined) {
    try {
      name = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
    } catch {
      name = code;
    }
    endonyms.set(code, name);
  }
  return name;
}
const endonyms = new Map<string, string>();
