import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlanPricing } from '@app/shared/contracts/catalogue';
import { pricesByPlan } from '@app/shared/rules/catalogue';
import { api } from '../../../lib/api-client';

/** Every active price in one request: a category page needs them all, and the list is small. */
export function getActivePlanPricing(signal?: AbortSignal): Promise<PlanPricing[]> {
  return api.get<PlanPricing[]>('/public/plan_pricing', { query: { isActive: 'true' }, signal });
}

export const activePlanPricingQueryOptions = queryOptions({
  queryKey: ['public', 'plan-pricing', { isActive: true }],
  queryFn: ({ signal }) => getActivePlanPricing(signal),
});

/** Active prices grouped by plan id (the server filters; the rule filters again in case it did not). */
export function usePricesByPlan() {
  return useQuery({ ...activePlanPricingQueryOptions, select: pricesByPlan });
}

export function useActivePlanPricing() {
  return useQuery(activePlanPricingQueryOptions);
}
