import { useEffect } from 'react';
import { usePublicDetails } from './public-details';

/** Sets the tab title to "<page> | <company>", falling back to the page alone until details load. */
export function usePageTitle(title: string | undefined): void {
  const { data } = usePublicDetails();
  const company = data?.companyName;
  useEffect(() => {
    if (!title) return;
    document.title = company ? `${title} | ${company}` : title;
  }, [title, company]);
}
