/**
 * react-intl's error handler for the app and the server renderer. Missing translations fall back to
 * English by design; MISSING_DATA means the runtime's Intl has no locale data for the language
 * (Haitian Creole: formatting falls back to the default locale's rules, which is what we want).
 * Anything else is a real bug worth seeing.
 */
export function onIntlError(error: { code?: string; message: string }): void {
  if (error.code === 'MISSING_TRANSLATION' || error.code === 'MISSING_DATA') return;
  console.error(error.message);
}
