import { queryOptions, useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import type { PlanCategory } from '@app/shared/contracts/catalogue';
import { visibleCategories } from '@app/shared/rules/catalogue';
import { api } from '../../../lib/api-client';

/** Categories with their plans, names and descriptions in `locale` (English where not translated). */
export function getPlanCategories(locale: string, signal?: AbortSignal): Promise<PlanCategory[]> {
  return api.get<PlanCategory[]>('/public/plan_category', { signal, locale });
}

/** Keyed by language: a language switch fetches the other texts, and switching back finds them cached. */
export const planCategoriesQueryOptions = (locale: string) =>
  queryOptions({
    queryKey: ['public', 'plan-categories', locale],
    queryFn: ({ signal }) => getPlanCategories(locale, signal),
  });

/** The categories visitors see (hidden names, inactive plans and empty categories removed). */
export function useVisibleCategories() {
  const { locale } = useIntl();
  return useQuery({ ...planCategoriesQueryOptions(locale), select: visibleCategories });
}
