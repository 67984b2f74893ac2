import en from '../locales/en.json';
import type { Messages } from '../lib/intl/load-messages';

/** The English catalogue, imported directly: tests render synchronously, the app loads it as a chunk. */
export const englishMessages: Messages = en;
