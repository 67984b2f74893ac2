import en from '../../locales/en.json';
import { DEFAULT_LOCALE, type LocaleCode } from './locales';

export type Messages = Record<string, string>;

export const englishMessages: Messages = en;

// Every catalogue but English, each its own chunk; English is bundled above.
const otherCatalogues = import.meta.glob<{ default: Messages }>(['../../locales/*.json', '!../../locales/en.json']);

/**
 * English ships in the entry bundle; every other catalogue is its own chunk, fetched when chosen.
 * Missing keys fall back to English so a late translation never shows a raw id.
 */
export async function loadMessages(code: LocaleCode): Promise<{ locale: LocaleCode; messages: Messages }> {
  if (code === DEFAULT_LOCALE) return { locale: code, messages: englishMessages };
  try {
    const load = otherCatalogues[`../../locales/${code}.json`];
    if (!load) throw new Error(`no catalogue for ${code}`);
    const module = await load();
    return { locale: code, messages: { ...englishMessages, ...module.default } };
  } catch (error) {
    // The spec's fallback chain ends in English, which is bundled and cannot fail to load.
    console.error(`Could not load the "${code}" messages; using English`, error);
    return { locale: DEFAULT_LOCALE, messages: englishMessages };
  }
}
