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
  const top = target.getBoundingClientRect().top + window.scrollY - HASH_SCROLL_OFFSET_PX;
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: Math.max(0, top), behavior: reduce ? 'auto' : 'smooth' });
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
