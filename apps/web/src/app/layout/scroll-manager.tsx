import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Spec §2/§9: a hash target is scrolled to smoothly after 500 ms, 90 px above it for the sticky header. */
export const HASH_SCROLL_DELAY_MS = 500;
export const HASH_SCROLL_OFFSET_PX = 90;

export function scrollToHash(hash: string): boolean {
  let id: string;
  try {
    id = decodeURIComponent(hash.replace(/^#/, ''));
  } catch {
    // A hand-edited or truncated link ('#%E0%A4%A') is not a target; never let it throw.
    return false;
  }
  if (!id) return false;
  const target = document.getElementById(id);
  if (!target) return false;
  const top = Math.max(0, target.getBoundingClientRect().top + window.scrollY - HASH_SCROLL_OFFSET_PX);
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  if (!reduce && 'onscrollend' in window) {
    // Sections the smooth scroll passes may be laid out only as they near the screen (home's
    // `content-visibility: auto`, decision 229), so the target can move while we travel. Once the
    // scroll has arrived where it was sent (the visitor did not scroll elsewhere meanwhile), it is
    // measured again and put right.
    window.addEventListener(
      'scrollend',
      () => {
        if (Math.abs(window.scrollY - top) > 2) return;
        const again = Math.max(0, target.getBoundingClientRect().top + window.scrollY - HASH_SCROLL_OFFSET_PX);
        if (Math.abs(again - top) > 2) window.scrollTo({ top: again, behavior: 'auto' });
      },
      { once: true },
    );
  }
  window.scrollTo({ top, behavior: reduce ? 'auto' : 'smooth' });
  return true;
}

function scrollToTop() {
  window.scrollTo({ top: 0, left: 0, behavior: 'auto' });
}

/**
 * Scrolls on every navigation: to the hash target when there is one, otherwise to the top. A hash
 * naming nothing on the new page also goes to the top, or the page would open at the previous one's
 * scroll position.
 */
export function ScrollManager() {
  const { pathname, search, hash, key } = useLocation();

  useEffect(() => {
    if (!hash) {
      scrollToTop();
      return;
    }
    // The delay lets a lazily loaded page render its target before we measure it.
    const timer = window.setTimeout(() => {
      if (!scrollToHash(hash)) scrollToTop();
    }, HASH_SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pathname, search, hash, key]);

  return null;
}
