declare module 'virtual:messages/loaders' {
  import type { MessageFormatElement } from 'react-intl';
  type Catalogue = Record<string, MessageFormatElement[]>;
  type Loader = () => Promise<{ default: Catalogue }>;
  /** Each language's two catalogue chunks (apps/web/vite.config.ts, messageCatalogues). */
  export const loaders: Record<string, { startup: Loader; rest: Loader }>;
}
