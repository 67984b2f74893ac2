import type { MessageFormatElement } from 'react-intl';
import { loadCatalogue } from 'virtual:messages/loaders';
import { LOAD_FALLBACKS, isSupportedLocale, type LocaleCode } from './locales';

export type Messages = Record<string, string> | Record<string, MessageFormatElement[]>;

/**
 * Which messages to load: `startup`, the groups the shell, home and plan pages use
 * (startup-groups.json), or `all`. Each language is two parts (vite.config.ts, messageCatalogues),
 * so a first visit downloads only the startup part of the language it reads (decision 200).
 */
export type MessageSet = 'startup' | 'all';

async function load(code: LocaleCode, set: MessageSet): Promise<Messages> {
  if (set === 'startup') return loadCatalogue(code, 'startup');
  const [startup, rest] = await Promise.all([loadCatalogue(code, 'startup'), loadCatalogue(code, 'rest')]);
  return { ...startup, ...rest };
}

/**
 * The messages of `code` (src/locales/locales.test.ts keeps every catalogue complete, so no language
 * needs English underneath). If its chunk cannot be fetched (a deploy replaced it, the network
 * dropped), SPEC §9's fallback list is tried in order: en, then Chinese (the spec's "cn", decision
 * 220), then es, each only if it is offered. If every one fails, the first error stands.
 */
export async function loadMessages(code: LocaleCode, set: MessageSet = 'all'): Promise<{ locale: LocaleCode; messages: Messages }> {
  try {
    return { locale: code, messages: await load(code, set) };
  } catch (error) {
    for (const fallback of LOAD_FALLBACKS) {
      if (fallback === code || !isSupportedLocale(fallback)) continue;
      try {
        const messages = await load(fallback, set);
        console.error(`Could not load the "${code}" messages; using "${fallback}"`, error);
        return { locale: fallback, messages };
      } catch {
        // The next one in the list.
      }
    }
    throw error;
  }
}
