import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { setLocale, useLocaleState } from '../../lib/intl/locale-store';
import { SUPPORTED_LOCALES, htmlLang, type Language, type LocaleCode } from '../../lib/intl/locales';
import { ChevronDownIcon, GlobeIcon } from '../../components/ui/icons';

interface LanguageSelectProps {
  className?: string;
  /** The header row: globe and the code ("ES"); the drawer shows the language's full name. */
  compact?: boolean;
  /** The languages to offer; tests pass all 38 before they are offered. */
  languages?: readonly Language[];
  /** What choosing does; switching the app's language unless a test says otherwise. */
  onChoose?: (code: string) => void;
}

/**
 * The language selector (decision 221): a button naming the current language that opens a small
 * dialog with a search box and the list of every offered language, each in its own name and script.
 * The search box is a combobox over the list (WAI-ARIA APG "combobox with listbox popup"): typing
 * filters by the language's own name, its name in English and in the page's language, and its code;
 * the arrow keys move through the matches, Enter chooses, Escape closes and gives the focus back.
 */
export function LanguageSelect({ className = '', compact = false, languages = SUPPORTED_LOCALES, onChoose }: LanguageSelectProps) {
  const intl = useIntl();
  const { locale, loading } = useLocaleState();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState<string>(locale);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const id = useId();
  const panelId = `${id}-panel`;
  const listId = `${id}-list`;
  const optionId = (code: string) => `${id}-option-${code}`;

  const searchable = useSearchIndex(languages, intl.locale);
  const matches = useMemo(() => {
    const q = fold(query.trim());
    return q ? languages.filter((l) => searchable.get(l.code)!.some((name) => name.includes(q))) : languages;
  }, [languages, searchable, query]);
  const visible = new Set<string>(matches.map((l) => l.code));
  const activeCode = visible.has(active) ? active : matches[0]?.code;
  const current = languages.find((l) => l.code === locale);

  function close(returnFocus: boolean) {
    setOpen(false);
    setQuery('');
    if (returnFocus) buttonRef.current?.focus();
  }

  function choose(code: string) {
    close(true);
    if (code === locale) return;
    if (onChoose) onChoose(code);
    else void setLocale(code as LocaleCode);
  }

  useEffect(() => {
    if (!open) return;
    setActive(locale);
    inputRef.current?.focus();
    function onPointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) close(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, locale]);

  // The active option stays in view as the arrow keys move through a list taller than the panel.
  useEffect(() => {
    if (!open || !activeCode) return;
    document.getElementById(optionId(activeCode))?.scrollIntoView?.({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, activeCode]);

  function onInputKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const index = matches.findIndex((l) => l.code === activeCode);
    const move = (to: number) => {
      event.preventDefault();
      const next = matches[(to + matches.length) % matches.length];
      if (next) setActive(next.code);
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(index + 1);
      case 'ArrowUp':
        return move(index - 1);
      case 'PageDown':
        return move(Math.min(index + 10, matches.length - 1));
      case 'PageUp':
        return move(Math.max(index - 10, 0));
      case 'Enter':
        event.preventDefault();
        if (activeCode) choose(activeCode);
        return;
      case 'Escape':
        // Inside the drawer, Escape closes this first, not the drawer.
        event.preventDefault();
        event.stopPropagation();
        if (query) setQuery('');
        else close(true);
        return;
      default:
        return;
    }
  }

  const label = intl.formatMessage({ id: 'header.language' });
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
        aria-label={intl.formatMessage({ id: 'header.languageButton' }, { language: current?.name ?? locale })}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={panelId}
        aria-busy={loading || undefined}
        onClick={() => (open ? close(false) : setOpen(true))}
      >
        <GlobeIcon size={18} className="language-select__icon" />
        {compact ? (
          <span className="language-select__code">{locale.toUpperCase()}</span>
        ) : (
          <span className="language-select__name" lang={htmlLang(locale)}>
            {current?.name ?? locale}
          </span>
        )}
        <ChevronDownIcon size={14} className="language-select__chevron" />
      </button>
      <div id={panelId} className="language-select__panel" role="dialog" aria-label={label} hidden={!open}>
        <input
          ref={inputRef}
          type="text"
          className="language-select__search"
          role="combobox"
          aria-label={intl.formatMessage({ id: 'header.languageSearch' })}
          placeholder={intl.formatMessage({ id: 'header.languageSearch' })}
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && activeCode ? optionId(activeCode) : undefined}
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            // Typing starts again from the first match, so Enter takes what the search found.
            setActive('');
          }}
          onKeyDown={onInputKeyDown}
        />
        {/* Every option stays in the DOM (filtered ones hidden), so typing changes no nodes in the
            header row and its measured collapse (use-header-collapse.ts) is left alone. */}
        <ul ref={listRef} id={listId} role="listbox" aria-label={label} className="language-select__list">
          {languages.map((l) => (
            <li
              key={l.code}
              id={optionId(l.code)}
              role="option"
              data-value={l.code}
              aria-selected={l.code === locale}
              hidden={!visible.has(l.code)}
              className={`language-select__option${l.code === activeCode ? ' is-active' : ''}`}
              // Choosing happens on click; pressing must not move the focus out of the search box first.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(l.code)}
            >
              <span lang={htmlLang(l.code)} dir={l.rtl ? 'rtl' : 'ltr'}>
                {l.name}
              </span>
              {searchable.display(l.code) !== l.name ? <span className="language-select__hint">{searchable.display(l.code)}</span> : null}
            </li>
          ))}
        </ul>
        <p className="visually-hidden" role="status">
          {open ? intl.formatMessage({ id: 'header.languageCount' }, { count: matches.length }) : ''}
        </p>
      </div>
    </div>
  );
}

/** Lower case without accents, so "espanol" finds "Español" and "TURKCE" finds "Türkçe". */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en');
}

/**
 * For each language, every name it can be searched by: its own, its English name and its name in the
 * page's language (both from Intl.DisplayNames, with the variant: "Brazilian Portuguese"), and its
 * code. `display` is the name in the page's language, shown beside the language's own.
 */
function useSearchIndex(languages: readonly Language[], uiLocale: string) {
  return useMemo(() => {
    const english = displayNames('en');
    const local = displayNames(uiLocale);
    const names = new Map<string, string[]>();
    const shown = new Map<string, string>();
    for (const l of languages) {
      const inPage = local?.(htmlLang(l.code)) ?? local?.(l.code);
      if (inPage) shown.set(l.code, inPage.charAt(0).toLocaleUpperCase(uiLocale) + inPage.slice(1));
      const all = [l.name, l.code, english?.(htmlLang(l.code)), english?.(l.code), inPage, local?.(l.code)];
      names.set(l.code, all.filter((n): n is string => Boolean(n)).map(fold));
    }
    return Object.assign(names, { display: (code: string) => shown.get(code) });
  }, [languages, uiLocale]);
}

function displayNames(locale: string): ((code: string) => string | undefined) | undefined {
  try {
    const names = new Intl.DisplayNames([locale], { type: 'language', fallback: 'none' });
    return (code) => names.of(code);
  } catch {
    return undefined;
  }
}
