import { useMemo } from 'react';
import { useIntl } from 'react-intl';

/** Country names in the visitor's language, from the browser's own data (no name lists shipped). */
export function useRegionName(): (code: string, fallback?: string) => string {
  const { locale } = useIntl();
  return useMemo(() => {
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
  }, [locale]);
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
