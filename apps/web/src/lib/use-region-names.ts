import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useIsClient } from './use-is-client';

/** Country names in the visitor's language, from the browser's own data (no name lists shipped). */
export function useRegionName(): (code: string, fallback?: string) => string {
  const { locale } = useIntl();
  // The server's ICU and the browser's name some regions differently ("Turkey"/"Türkiye"): the server
  // renders the API's names, and the browser's own take over once the page is hydrated.
  const isClient = useIsClient();
  return useMemo(() => {
    if (!isClient) return (code: string, fallback?: string) => fallback ?? code.toUpperCase();
    let names: Intl.DisplayNames | undefined;
    try {
      names = new Intl.DisplayNames([locale], { type: 'region' });
    } catch {
      names = undefined;
    }
    return (code: string, fallback?: string) => {
      try {
        const name = names?.of(code.toUpperCase());
        if (name && name !== code.toUpperCase()) return name;
      } catch {
        // An unknown or malformed code: use the server's name.
      }
      return fallback ?? code.toUpperCase();
    };
  }, [locale, isClient]);
}

/** Case- and accent-insensitive comparison key, so "Cote d'Ivoire" finds "Côte d’Ivoire". */
export function searchKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[’']/g, "'")
    .toLowerCase()
    .trim();
}
