import { useEffect } from 'react';
import { useHeadCollector } from './head';
import { usePublicDetails } from './public-details';

/** Sets the tab title to "<page> | <company>", falling back to the page alone until details load. */
export function usePageTitle(title: string | undefined): void {
  const { data } = usePublicDetails();
  const company = data?.companyName;
  const head = useHeadCollector();
  // On the server (no effects run) the title goes into the page's <head> (decision 202).
  if (head && title) head.title = company ? `${title} | ${company}` : title;
  useEffect(() => {
    if (!title) return;
    document.title = company ? `${title} | ${company}` : title;
  }, [title, company]);
}
