import { useEffect } from 'react';
import { useHeadCollector } from './head';

/**
 * Sets `<meta name="description">` for the page (search results and link previews), and puts the
 * site-wide one from index.html back when the page goes.
 */
export function useMetaDescription(description: string | undefined): void {
  const head = useHeadCollector();
  // On the server (no effects run) the description goes into the page's <head> (decision 202).
  if (head && description) head.description = description;
  useEffect(() => {
    if (!description) return;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    const previous = meta.content;
    meta.content = description;
    return () => {
      meta.content = previous;
    };
  }, [description]);
}
