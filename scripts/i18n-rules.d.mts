/** Types of scripts/i18n-rules.mjs for the TypeScript tests that use it. */
export function pluralCategories(lang: string, ordinal?: boolean): string[];

export function checkCatalogue(
  lang: string,
  en: Readonly<Record<string, string>>,
  messages: Readonly<Record<string, unknown>>,
): { errors: string[]; sameAsEnglish: string[] };
