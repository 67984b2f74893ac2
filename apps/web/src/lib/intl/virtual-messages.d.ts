declare module 'virtual:messages/loaders' {
  import type { MessageFormatElement } from 'react-intl';
  type Catalogue = Record<string, MessageFormatElement[]>;
  /**
   * One part of a language's messages (apps/web/vite.config.ts, messageCatalogues): a JSON file in
   * the browser build, a module in the server build, the dev server and the tests.
   */
  export function loadCatalogue(code: string, part: 'startup' | 'rest'): Promise<Catalogue>;
}
