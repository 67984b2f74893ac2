import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { SUPPORTED_LOCALES, type Language } from '../../lib/intl/languages';
import { htmlLang, isRtl } from '../../lib/intl/locales';

interface LanguagePanelProps {
  id: string;
  /** The language on screen: the selected option and where the keyboard starts. */
  current: string;
  /** Every offered language unless a test passes its own list. */
  languages?: readonly Language[];
  onChoose: (code: string) => void;
  /** Closes the panel; `returnFocus` gives the focus back to the button (Escape, a choice). */
  onClose: (returnFocus: boolean) => void;
}

/**
 * The open language selector (decision 221), loaded on first open so the first page carries only the
 * button: a search box that is a combobox over the list (WAI-ARIA APG "combobox with listbox popup",
 * list autocomplete). Typing filters by the language's own name, its name in English and in the
 * page's language, and its code; the arrow keys move through the matches, Enter chooses, Escape clears
 * the search and then closes.
 */
export default function LanguagePanel({ id, current, languages = SUPPORTED_LOCALES, onChoose, onClose }: LanguagePanelProps) {
  const intl = useIntl();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState<string>(current);
  const panelRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = `${id}-list`;
  const optionId = (code: string) => `${id}-option-${code}`;

  const searchable = useSearchIndex(languages, intl.locale);
  const matches = useMemo(() => {
    const q = fold(query.trim());
    return q ? languages.filter((l) => searchable.get(l.code)!.some((name) => name.includes(q))) : languages;
  }, [languages, searchable, query]);
  const visible = new Set<string>(matches.map((l) => l.code));
  const activeCode = visible.has(active) ? active : matches[0]?.code;

  useEffect(() => {
    inputRef.current?.focus();
    // A click anywhere else closes it (the button toggles it itself).
    function onPointerDown(event: PointerEvent) {
      const root = panelRef.current?.parentElement;
      if (!root?.contains(event.target as Node)) onClose(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [onClose]);

  // The active option stays in view as the arrow keys move through a list taller than the panel.
  useEffect(() => {
    if (activeCode) document.getElementById(optionId(activeCode))?.scrollIntoView?.({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activeCode]);

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
        if (activeCode) onChoose(activeCode);
        return;
      case 'Escape':
        // Inside the drawer, Escape closes this first, not the drawer.
        event.preventDefault();
        event.stopPropagation();
        if (query) setQuery('');
        else onClose(true);
        return;
      default:
        return;
    }
  }

  const label = intl.formatMessage({ id: 'header.language' });
  return (
    <div ref={panelRef} id={id} className="language-select__panel" role="dialog" aria-label={label}>
      <input
        ref={inputRef}
        type="text"
        className="language-select__search"
        role="combobox"
        aria-label={intl.formatMessage({ id: 'header.languageSearch' })}
        placeholder={intl.formatMessage({ id: 'header.languageSearch' })}
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeCode ? optionId(activeCode) : undefined}
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
      <ul id={listId} role="listbox" aria-label={label} className="language-select__list">
        {languages.map((l) => (
          <li
            key={l.code}
            id={optionId(l.code)}
            role="option"
            data-value={l.code}
            aria-selected={l.code === current}
            hidden={!visible.has(l.code)}
            className={`language-select__option${l.code === activeCode ? ' is-active' : ''}`}
            // Choosing happens on click; pressing must not move the focus out of the search box first.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onChoose(l.code)}
          >
            <span lang={htmlLang(l.code)} dir={isRtl(l.code) ? 'rtl' : 'ltr'}>
              {l.name}
            </span>
            {searchable.display(l.code) !== l.name ? <span className="language-select__hint">{searchable.display(l.code)}</span> : null}
          </li>
        ))}
      </ul>
      <p className="visually-hidden" role="status">
        {intl.formatMessage({ id: 'header.languageCount' }, { count: matches.length })}
      </p>
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
