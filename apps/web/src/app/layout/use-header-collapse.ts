import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** How many groups the header has moved into the drawer: wide links, account buttons, main nav, language. */
export const MAX_COLLAPSE = 4;

/**
 * Media queries give each width a minimum collapse (header.css); this adds more when the row still
 * does not fit — longer words in Spanish or French, a long company name — by measuring after layout,
 * before paint, one step at a time. Anything hidden is always in the drawer.
 */
export function useHeaderCollapse(
  rowRef: RefObject<HTMLElement | null>,
  navRef: RefObject<HTMLElement | null>,
  listRef: RefObject<HTMLElement | null>,
  resetKey: string,
): number {
  // `generation` makes every reset a new state, so React re-renders (and we re-measure) even when
  // the level is already 0.
  const [state, setState] = useState({ level: 0, generation: 0 });

  // Content changed (language, company name, signed-in state, page): start again from 0. Not on
  // mount: the state already starts at 0 and the effect below measures it, and a state change here
  // would render the whole header again, synchronously, at the end of hydration.
  const measuredKey = useRef(resetKey);
  useLayoutEffect(() => {
    if (measuredKey.current === resetKey) return;
    measuredKey.current = resetKey;
    setState((s) => ({ level: 0, generation: s.generation + 1 }));
  }, [resetKey]);

  // Every change of state is a new layout to check; it converges in at most MAX_COLLAPSE steps.
  useLayoutEffect(() => {
    const row = rowRef.current;
    if (!row || state.level >= MAX_COLLAPSE) return;
    const nav = navRef.current;
    const list = listRef.current;
    const rowOverflows = row.scrollWidth > row.clientWidth + 1;
    const navOverflows = !!nav && !!list && nav.clientWidth > 0 && list.scrollWidth > nav.clientWidth + 1;
    if (rowOverflows || navOverflows) setState((s) => ({ ...s, level: s.level + 1 }));
  }, [state, rowRef, navRef, listRef]);

  useEffect(() => {
    const row = rowRef.current;
    if (!row || typeof ResizeObserver === 'undefined') return;
    let width = row.clientWidth;
    const observer = new ResizeObserver(() => {
      if (row.clientWidth === width) return;
      width = row.clientWidth;
      setState((s) => ({ level: 0, generation: s.generation + 1 }));
    });
    observer.observe(row);
    // Labels can change without a reset key changing (a catalogue arriving after the locale switched,
    // a late company name): measure again from 0 whenever the row's text or items change.
    const mutations =
      typeof MutationObserver === 'undefined'
        ? undefined
        : new MutationObserver(() => setState((s) => ({ level: 0, generation: s.generation + 1 })));
    mutations?.observe(row, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      mutations?.disconnect();
    };
  }, [rowRef]);

  return state.level;
}
