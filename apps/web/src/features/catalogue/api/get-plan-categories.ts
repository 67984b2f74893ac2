import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlanCategory } from '@app/shared/contracts/catalogue';
import { visibleCategories } from '@app/shared/rules/catalogue';
import { api } from '../../../lib/api-client';

export function getPlanCategories(signal?: AbortSignal): Promise<PlanCategory[]> {
  return api.get<PlanCategory[]>('/public/plan_category', { signal });
}

export const planCategoriesQueryOptions = queryOptions({
  queryKey: ['public', 'plan-categories'],
  queryFn: ({ signal }) => getPlanCategories(signal),
});

/** The categories visitors see (hidden names, inactive plans and empty categories removed). */
export function useVisibleCategories() {
  return useQuery({ ...planCategoriesQueryOptions, select: visibleCategories });
}
