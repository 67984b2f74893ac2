import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SocialProvider } from '@app/shared/contracts/auth';
import { api, buildUrl } from '../../../lib/api-client';

/** Only configured providers are listed (docs/decisions/033), so every button shown works. */
export const socialProvidersQueryOptions = queryOptions({
  queryKey: ['public', 'social-providers'],
  // The password form works without these buttons; a failure only hides them.
  queryFn: ({ signal }) => api.get<SocialProvider[]>('/public/auth/social/providers', { signal, toast: false }),
  staleTime: 60 * 60_000,
  retry: false,
});

export function useSocialProviders() {
  return useQuery(socialProvidersQueryOptions);
}

/** Where the browser goes to start a provider's sign-in; the server answers with a redirect. */
export function socialStartUrl(type: string, remember: boolean): string {
  return buildUrl(`/public/auth/social/${encodeURIComponent(type)}`, remember ? { remember: 1 } : undefined);
}
