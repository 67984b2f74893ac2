import { createContext, useContext } from 'react';

/**
 * What a page says about itself in <head>: its title, its description and its structured data. In the
 * browser the hooks (use-page-title.ts, use-meta-description.ts) write the document directly; on the
 * server each render gets its own collector through this context, and the renderer turns it into
 * tags before the page's HTML (decision 202).
 */
export interface HeadCollector {
  title?: string;
  description?: string;
  /** schema.org objects, each becomes a <script type="application/ld+json">. */
  structuredData: object[];
}

export const HeadContext = createContext<HeadCollector | null>(null);

export function useHeadCollector(): HeadCollector | null {
  return useContext(HeadContext);
}

/**
 * Structured data for search engines (schema.org JSON-LD). Only the server's HTML carries it: crawlers
 * read the first response, and the browser has no use for it.
 */
export function useStructuredData(data: object | undefined): void {
  const head = useHeadCollector();
  if (head && data && !head.structuredData.includes(data)) head.structuredData.push(data);
}
