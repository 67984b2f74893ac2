import { useMemo } from 'react';
import type { AddOn, Plan, PlanPricing } from '@app/shared/contracts/catalogue';
import { useActiveAddOns } from '../../features/catalogue/api/get-add-ons';
import { useActivePlanPricing } from '../../features/catalogue/api/get-plan-pricing';
import { useVisibleCategories } from '../../features/catalogue/api/get-plan-categories';
import type { CartCatalogue, CartCatalogueState } from '../../features/cart/cart-catalogue';
import CartDialog from '../../features/cart/components/cart-dialog';

/**
 * Composes the cart with the catalogue (features do not import each other): the catalogue feature's
 * queries become the lookups the cart prices with. Loaded with the dialog, on first open.
 */
function useCartCatalogue(): CartCatalogueState {
  const categories = useVisibleCategories();
  const prices = useActivePlanPricing();
  const addOns = useActiveAddOns();
  const catalogue = useMemo<CartCatalogue>(() => {
    const plans = new Map<string, Plan>();
    const categoryNames = new Map<string, string>();
    for (const category of categories.data ?? []) {
      categoryNames.set(category.id, category.name);
      for (const plan of category.plans) plans.set(plan.id, plan);
    }
    return {
      plans,
      categoryNames,
      prices: new Map<string, PlanPricing>((prices.data ?? []).map((p) => [p.id, p])),
      addOns: new Map<string, AddOn>((addOns.data ?? []).map((a) => [a.id, a])),
    };
  }, [categories.data, prices.data, addOns.data]);
  const failed = categories.isError || prices.isError || addOns.isError;
  const retry = () => {
    if (categories.isError) void categories.refetch();
    if (prices.isError) void prices.refetch();
    if (addOns.isError) void addOns.refetch();
  };
  return { catalogue, pending: !failed && (categories.isPending || prices.isPending || addOns.isPending), failed, retry };
}

export default function CartDialogHost({ onClose }: { onClose: () => void }) {
  return <CartDialog onClose={onClose} catalogue={useCartCatalogue()} />;
}
