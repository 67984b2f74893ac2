import type { MessageFormatElement } from 'react-intl';
import { loaders } from 'virtual:messages/loaders';
import { DEFAULT_LOCALE, type LocaleCode } from './locales';

export type Messages = Record<string, string> | Record<string, MessageFormatElement[]>;

/**
 * Which messages to load: `startup`, the groups the shell, home and plan pages use
 * (startup-groups.json), or `all`. Each language is two chunks (vite.config.ts, messageCatalogues),
 * so a first visit downloads only the startup part of the language it reads (decision 200).
 */
export type MessageSet = 'startup' | 'all';

async function load(code: LocaleCode, set: MessageSet): Promise<Messages> {
  const loader = loaders[code];
  if (!loader) throw new Error(`no catalogue for ${code}`);
  if (set === 'startup') return (await loader.startup()).default;
  const [startup, rest] = await Promise.all([loader.startup(), loader.rest()]);
  return { ...startup.default, ...rest.default };
}

/**
 * The messages of `code` (src/locales/locales.test.ts keeps every catalogue complete, so no language
 * needs English underneath). If its chunk cannot be fetched (a deploy replaced it, the network
 * dropped) English is tried next, the end of the spec's fallback chain; if that fails too the error
 * stands.
 */
export async function loadMessages(code: LocaleCode, set: MessageSet = 'all'): Promise<{ locale: LocaleCode; messages: Messages }> {
  try {
    return { locale: code, messages: await load(code, set) };
  } catch (error) {
    if (code === DEFAULT_LOCALE) throw error;
    console.error(`Could not load the "${code}" messages; using English`, error);
    return { locale: DEFAULT_LOCALE, messages: await load(DEFAULT_LOCALE, set) };
  }
}
